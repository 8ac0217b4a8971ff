package store

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold is text as searches compare it: lower case, accents removed, so
// "zoe lef" finds "Zoë Lefèvre". The search column and every query use it.
func Fold(s string) string {
	if ascii(s) {
		return strings.ToLower(s) // most text: no accent to remove
	}
	// A chain holds buffers of 8 KB: made for each donation stored, they
	// were a third of what folding its search text cost.
	t := unaccents.Get().(transform.Transformer)
	defer unaccents.Put(t)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.ToLower(out)
}

// unaccents are transformers that remove accents, reused (each is used by
// one goroutine at a time; transform.String resets it).
var unaccents = sync.Pool{New: func() any {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
