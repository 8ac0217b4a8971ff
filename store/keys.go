package store

import (
	"crypto/sha256"
	"encoding/hex"
	"unicode/utf8"
)

// The columns donations are grouped, narrowed and sorted by (the e-mail,
// the name's sort key, the form and the campaign) are keys of every index
// and sum built on them, each holding the key again: a long key spills
// each of its entries onto a page of its own, and the store would grow to
// many times the JSON it holds. So a key column holds a value whole up to
// keyLimit bytes, the longest an e-mail address can be, and a longer one
// as its first keyHead bytes, "…" and the first half of its SHA-256: one
// key per value still, which no two values share, sorted by their start.
// The record keeps the value whole, and the search text searches it.
const (
	keyLimit = 254
	keyHead  = 64
)

// boundedKey is the key column's value of the text s.
func boundedKey(s string) string {
	if len(s) <= keyLimit {
		return s
	}
	head := keyHead
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	sum := sha256.Sum256([]byte(s))
	return s[:head] + "…" + hex.EncodeToString(sum[:16])
}
