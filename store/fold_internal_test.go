package store

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// foldCases are runes around and inside folded's reach: ASCII, its
// letters, the marks it leaves to the transform, and letters past it.
func foldCases() []rune {
	var rs []rune
	for r := rune(0); r < foldTo+0x40; r++ {
		rs = append(rs, r)
	}
	return append(rs, 0x1E9E, 0x1EA0, 0x2126, 0x212B, 0xFB01, 0xAC00, 0x4E2D, 0x1F600, utf8.RuneError)
}

// Fold by the table says what the transform says of every rune alone.
func TestFoldTableIsTheTransformForEachRune(t *testing.T) {
	for _, r := range foldCases() {
		if got, want := Fold(string(r)), foldSlow(string(r)); got != want {
			t.Errorf("Fold(%U %q) = %q, the transform says %q", r, r, got, want)
		}
	}
}

// ... and of every pair of them: nothing the table folds composes with
// what stands beside it.
func TestFoldTableIsTheTransformForEachPair(t *testing.T) {
	rs := foldCases()
	if testing.Short() {
		rs = rs[0x60:0x1A0]
	}
	for _, a := range rs {
		for _, b := range rs {
			s := string(a) + string(b)
			if got, want := Fold(s), foldSlow(s); got != want {
				t.Fatalf("Fold(%U %U %q) = %q, the transform says %q", a, b, s, got, want)
			}
		}
	}
}

// ... and of random text of them, with bytes that are not UTF-8.
func TestFoldTableIsTheTransformForRandomText(t *testing.T) {
	rs := foldCases()
	rnd := rand.New(rand.NewPCG(30, 2))
	for range 20000 {
		var b strings.Builder
		for range rnd.IntN(12) {
			switch rnd.IntN(10) {
			case 0:
				b.WriteByte(byte(0x80 + rnd.IntN(0x80))) // a lone continuation or lead byte
			case 1, 2:
				b.WriteByte(byte(' ' + rnd.IntN(0x5F)))
			default:
				b.WriteRune(rs[rnd.IntN(len(rs))])
			}
		}
		if got, want := Fold(b.String()), foldSlow(b.String()); got != want {
			t.Fatalf("Fold(%q) = %q, the transform says %q", b.String(), got, want)
		}
	}
}

func FuzzFold(f *testing.F) {
	for _, s := range []string{"Zoë Lefèvre", "ŁUKASZ Żółć", "Ἀθηνᾶ", "Ёлка", "e\u0301", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Fold(s), foldSlow(s); got != want {
			t.Fatalf("Fold(%q) = %q, the transform says %q", s, got, want)
		}
	})
}

// BenchmarkFold folds the names of demo donors that are not ASCII.
func BenchmarkFold(b *testing.B) {
	names := []string{"Zoë Lefèvre", "José Núñez", "Łukasz Wróbel", "Ærøskøbing Ødegård", "Анна Фёдорова", "Σωκράτης Παπαδόπουλος"}
	for _, fold := range []struct {
		name string
		f    func(string) string
	}{{"table", Fold}, {"transform", foldSlow}} {
		b.Run(fold.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				fold.f(names[i%len(names)])
				i++
			}
		})
	}
}
