package locale

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed catalog/*.toml
var files embed.FS

// catalogue is the loaded bundle and, per language, its messages by id (the
// tests' and the tools' view of what is there).
type catalogue struct {
	bundle   *i18n.Bundle
	messages map[Lang]map[string]*i18n.Message
}

var (
	loadOnce sync.Once
	loaded   *catalogue
	loadErr  error
)

// load reads the embedded catalogues once.
func load() (*catalogue, error) {
	loadOnce.Do(func() { loaded, loadErr = parse(files) })
	return loaded, loadErr
}

// mustLoad is load for the printers: a catalogue that does not parse is a build
// defect, and the program must not start with it.
func mustLoad() *catalogue {
	c, err := load()
	if err != nil {
		panic(err)
	}
	return c
}

// parse reads every catalog/AREA.LANG.toml of fsys.
func parse(fsys fs.FS) (*catalogue, error) {
	c := &catalogue{bundle: i18n.NewBundle(language.English), messages: map[Lang]map[string]*i18n.Message{}}
	c.bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	names, err := fs.Glob(fsys, "catalog/*.toml")
	if err != nil {
		return nil, fmt.Errorf("locale: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		parts := strings.Split(path.Base(name), ".")
		if len(parts) != 3 {
			return nil, fmt.Errorf("locale: %s: want AREA.LANG.toml", name)
		}
		lang, err := Parse(parts[1])
		if err != nil {
			return nil, fmt.Errorf("locale: %s: %w", name, err)
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("locale: %w", err)
		}
		mf, err := c.bundle.ParseMessageFileBytes(b, name)
		if err != nil {
			return nil, fmt.Errorf("locale: %s: %w", name, err)
		}
		if c.messages[lang] == nil {
			c.messages[lang] = map[string]*i18n.Message{}
		}
		for _, m := range mf.Messages {
			if !strings.HasPrefix(m.ID, parts[0]+".") {
				return nil, fmt.Errorf("locale: %s: message %q is not under its area %q", name, m.ID, parts[0]+".")
			}
			if _, dup := c.messages[lang][m.ID]; dup {
				return nil, fmt.Errorf("locale: %s: message %q twice", name, m.ID)
			}
			c.messages[lang][m.ID] = m
		}
	}
	if len(c.messages[EN]) == 0 {
		return nil, fmt.Errorf("locale: no English catalogue")
	}
	return c, nil
}

// IDs lists every message id of the English source, sorted.
func IDs() []string {
	c := mustLoad()
	ids := make([]string, 0, len(c.messages[EN]))
	for id := range c.messages[EN] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Forms is a message's plural forms in a language ("one", "few", "many", "other"
// as written), nil when the language lacks the id.
func Forms(lang Lang, id string) map[string]string {
	m := mustLoad().messages[lang][id]
	if m == nil {
		return nil
	}
	forms := map[string]string{}
	for k, v := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if v != "" {
			forms[k] = v
		}
	}
	return forms
}
