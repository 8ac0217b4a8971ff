package textsafe

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Whatever goes in, what comes out is valid UTF-8 with nothing that drives a
// terminal, and sanitising twice changes nothing more.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"Ada", "\x1b]52;c;AAAA\x07x", "\x1b[31mred", "\u202Eevil", "a\xffb", "\x1bP\x1b\\", "山田\r\n花子\t", "\x1b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{Line(s), Block(s)} {
			if !utf8.ValidString(out) {
				t.Fatalf("invalid UTF-8 out of %q", s)
			}
			for _, r := range out {
				if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || invisible(r) {
					t.Fatalf("%U survived in %q", r, out)
				}
			}
		}
		if strings.ContainsRune(Line(s), '\n') {
			t.Fatal("Line kept a line break")
		}
		if Line(Line(s)) != Line(s) || Block(Block(s)) != Block(s) {
			t.Fatalf("not idempotent on %q", s)
		}
	})
}
