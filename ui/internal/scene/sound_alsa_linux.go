//go:build cgo && !noscreen && linux

package scene

/*
#cgo pkg-config: alsa
#include <alsa/asoundlib.h>

static void egm_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {}

// egm_probe opens the playback device name and closes it again; ALSA's own
// complaints are kept off stderr while it tries.
static int egm_probe(const char *name) {
	snd_pcm_t *h;
	snd_lib_error_set_handler(egm_quiet);
	int err = snd_pcm_open(&h, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK);
	if (err >= 0) snd_pcm_close(h);
	snd_lib_error_set_handler(NULL);
	return err;
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// probeAudioDevice opens ALSA's default playback device as the audio driver will.
// Ebiten's audio context reports a device it cannot open as an error from the game
// loop, which would end the program, so the screen asks first and stays silent
// when there is none (a server, CI under Xvfb).
func probeAudioDevice() error {
	var errs []string
	for _, name := range []string{"default", "plug:default"} {
		cs := C.CString(name)
		rc := C.egm_probe(cs)
		C.free(unsafe.Pointer(cs))
		if rc >= 0 {
			return nil
		}
		errs = append(errs, fmt.Sprintf("%s: %s", name, C.GoString(C.snd_strerror(rc))))
	}
	return fmt.Errorf("ui: sound: no ALSA playback device (%v)", errs)
}
