package store

import (
	"math/rand/v2"
	"strings"
	"testing"

	"donations/api"
)

// foldCases are runes around and inside folded's reach: ASCII, its
// letters, the marks it leaves to the transform, and letters past it.
func foldCases() []rune {
	var rs []rune
	for r := rune(0); r < foldTo+0x40; r++ {
		rs = append(rs, r)
	}
	// Other scripts and signs, the transform's own (Hangul, Vietnamese),
	// and marks that are not Mn.
	for _, span := range [][2]rune{{0x590, 0x5F5}, {0x600, 0x6FF}, {0x900, 0x97F}, {0x980, 0x9FF}, {0xB00, 0xB7F}, {0x1100, 0x1113}, {0x1161, 0x1176},
		{0x11A8, 0x11C3}, {0x1E00, 0x1EFF}, {0x2000, 0x2070}, {0x3040, 0x30FF}, {0xAC00, 0xAC08}} {
		for r := span[0]; r < span[1]; r++ {
			rs = append(rs, r)
		}
	}
	return append(rs, 0x2126, 0x212B, 0x2764, 0xFB01, 0x4E2D, 0x4EAC, 0x1F600, 0x10A0, 0x10D0, 0x531, 0x561,
		0x20DD, 0x488, 0xFFFD)
}

// Fold by the table says what the transform says of every rune alone.
func TestFoldTableIsTheTransformForEachRune(t *testing.T) {
	for _, r := range foldCases() {
		if got, want := Fold(string(r)), foldSlow(string(r)); got != want {
			t.Errorf("Fold(%U %q) = %q, the transform says %q", r, r, got, want)
		}
	}
}

// ... and of each of them beside ASCII, a mark or a letter the table
// folds: nothing the fast path folds composes with what stands beside it.
func TestFoldTableIsTheTransformForEachPair(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("pure computation on one goroutine, ten times slower under -race: the full run has it")
	}
	pairs := func(as, bs []rune) {
		for _, a := range as {
			for _, b := range bs {
				s := string(a) + string(b)
				if got, want := Fold(s), foldSlow(s); got != want {
					t.Fatalf("Fold(%q) = %q, the transform says %q", s, got, want)
				}
			}
		}
	}
	rs := foldCases()
	some := append(append(rs[0x20:0x80:0x80], rs[0x300:0x370]...), 'é', 'Ł', 'ǅ', 'Ά', 'ё', 'Ж', '—', 'م', 'ו', 0x1100, 0x1161, 0x11A8, 0xAC00, 0x915, 0x93E, 0x9C7, 0x9BE, 0xB47, 0xB3E, 0xB57)
	pairs(rs, some)
	pairs(some, rs)
}

// ... and of random text of them, with bytes that are not UTF-8.
func TestFoldTableIsTheTransformForRandomText(t *testing.T) {
	if testing.Short() {
		t.Skip("pure computation on one goroutine, ten times slower under -race: the full run has it")
	}
	rnd := rand.New(rand.NewPCG(30, 2))
	for range 20000 {
		s := randomText(rnd)
		if got, want := Fold(s), foldSlow(s); got != want {
			t.Fatalf("Fold(%q) = %q, the transform says %q", s, got, want)
		}
	}
}

// randomText is up to a dozen of foldCases' runes, ASCII, spaces and
// bytes that are not UTF-8.
func randomText(rnd *rand.Rand) string {
	rs := foldCases()
	var b strings.Builder
	for range rnd.IntN(12) {
		switch rnd.IntN(12) {
		case 0:
			b.WriteByte(byte(0x80 + rnd.IntN(0x80))) // a lone continuation or lead byte
		case 1, 2:
			b.WriteByte(byte(' ' + rnd.IntN(0x5F)))
		case 3:
			b.WriteRune([]rune{' ', '\t', 0xA0, 0x3000, 0x85}[rnd.IntN(5)])
		default:
			b.WriteRune(rs[rnd.IntN(len(rs))])
		}
	}
	return b.String()
}

// The search text folds each word as it adds it (searchWords): the same as
// folding the words a space apart, whatever they hold.
func TestFoldWordByWordIsFoldOfTheText(t *testing.T) {
	if testing.Short() {
		t.Skip("pure computation on one goroutine, ten times slower under -race: the full run has it")
	}
	rnd := rand.New(rand.NewPCG(30, 3))
	for range 20000 {
		foldsWordByWord(t, randomText(rnd)+randomText(rnd))
	}
}

func FuzzFoldWordByWord(f *testing.F) {
	for _, s := range []string{"Zoë Lefèvre", "e \u0301x", "\u0301 e", "\u1100 \u1161", "\uac00 \u11a8", "x\u20dd \u20dd", "❤\ufe0f ok", "\xff \xfe", "ǅ\u00a0Ά"} {
		f.Add(s)
	}
	f.Fuzz(foldsWordByWord)
}

// foldsWordByWord fails t unless the search text of a gift that says s
// (and nothing else) is its words folded together.
func foldsWordByWord(t *testing.T, s string) {
	got := searchText(&api.Donation{Comment: api.Text{Value: s, Valid: true}})
	if want := Fold(strings.Join(strings.Fields(s), " ")); got != want {
		t.Fatalf("the words of %q fold apart into %q, together into %q", s, got, want)
	}
}
