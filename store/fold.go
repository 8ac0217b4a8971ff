package store

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

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
	if out, ok := foldTable(s); ok {
		return out
	}
	return foldSlow(s)
}

// foldSlow is Fold by the transform itself, for any text.
func foldSlow(s string) string {
	// A chain holds large buffers: made for each donation stored, they
	// would be much of what folding its search text costs.
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

// foldTo is the reach of folds: Latin (to the spacing modifier letters),
// Greek and Cyrillic, the letters of donors' names.
const foldTo = 0x500

// folds is, for each rune below foldTo once it has been folded, what
// foldSlow makes of it when it folds rune by rune, else "": taken from
// the transform itself, so that the two cannot disagree (the transform is
// slow beside the rest of a donation's row). Each is made on first use: all
// at once cost milliseconds that a command folding one word would wait.
var folds [foldTo]atomic.Pointer[string]

func foldOf(r rune) string {
	if p := folds[r].Load(); p != nil {
		return *p
	}
	out := foldAlone(r)
	folds[r].Store(&out) // two goroutines may both make it: the same
	return out
}

// foldAlone is what the transform makes of r where r folds the same
// whatever is beside it, else "": r is no mark (one would be removed, or
// composed with what is before it), and what it folds to holds none
// either, nor anything NFC composes with what stands before it; what
// stands after it in folded text is no mark, so nothing composes with it
// either.
func foldAlone(r rune) string {
	if unicode.In(r, unicode.M) || norm.NFD.PropertiesString(string(r)).CCC() != 0 {
		return ""
	}
	out := foldSlow(string(r))
	for _, o := range out {
		p := norm.NFC.PropertiesString(string(o))
		if unicode.In(o, unicode.M) || p.CCC() != 0 || !p.BoundaryBefore() {
			return ""
		}
	}
	return out
}

// untouched says whether the transform leaves the rune r, encoded as e,
// as it is among runes that are alone or untouched: it has no
// decomposition, is no mark the transform removes (Mn) or that encloses
// (Me), and composes with nothing before it (a Devanagari vowel sign
// composes with nothing, the second half of some Bengali ones does). The
// names, comments and cities of donors in other scripts (Arabic, Hebrew,
// Chinese, a dash) are most of what the table would not fold otherwise.
func untouched(r rune, e string) bool {
	if unicode.In(r, unicode.Mn, unicode.Me) {
		return false
	}
	p := norm.NFD.PropertiesString(e)
	return p.CCC() == 0 && p.Decomposition() == nil && norm.NFC.PropertiesString(e).BoundaryBefore()
}

// foldTable is Fold of s through folds and untouched; false when s holds
// a rune they do not fold (or bytes that are not UTF-8).
func foldTable(s string) (string, bool) {
	out, ok := appendFoldTable(make([]byte, 0, len(s)), s)
	return string(out), ok
}

// appendFoldTable is dst with foldTable(s) after it; false (and dst as it
// was) when foldTable fails.
func appendFoldTable(dst []byte, s string) ([]byte, bool) {
	out := dst
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r < foldTo:
			f := foldOf(r)
			if f == "" {
				return dst, false
			}
			out = append(out, f...)
		case n > 1 && untouched(r, s[i:i+n]):
			out = utf8.AppendRune(out, unicode.ToLower(r))
		default:
			return dst, false
		}
		i += n
	}
	return out, true
}
