package fonts

import _ "embed"

// Regular and Bold are the TrueType files of Noto Sans.
var (
	//go:embed NotoSans-Regular.ttf
	Regular []byte
	//go:embed NotoSans-Bold.ttf
	Bold []byte
)
