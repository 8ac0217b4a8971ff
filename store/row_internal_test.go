package store

import (
	"math/rand/v2"
	"strings"
	"testing"

	"donations/api"
)

// An amount read plainly is what api.Decimal reads of it; the rest is
// left to api.Decimal.
func TestPlainAmountsScaleAsDecimals(t *testing.T) {
	for _, c := range []struct {
		text  string
		plain bool
	}{
		{"0", true}, {"12", true}, {"-3.50", true}, {"+0.5", true}, {".5", true}, {"5.", true}, {"-.5", true},
		{"-0", true}, {"1.2345", true}, {"999999999.9999", true}, {"1000000000", true}, {"-1000000000", true},
		{"00000000000012", true},
		{"1.23456", false}, {"1000000000.0001", false}, {"99999999999999", false}, {"000000000000012", false},
		{"1,000", false}, {" 5", false}, {"5 ", false}, {"1e3", false}, {"1E-2", false}, {".", false}, {"+", false},
		{"-", false}, {"", false}, {"1.2.3", false}, {"--1", false}, {"+-1", false}, {"٣", false}, {"0x10", false},
	} {
		if _, ok := plainScaled(c.text); ok != c.plain {
			t.Errorf("plainScaled(%q) read it: %v, want %v", c.text, ok, c.plain)
		}
		sameScale(t, c.text)
	}
	rnd := rand.New(rand.NewPCG(30, 4))
	for range 20000 {
		var b strings.Builder
		const alphabet = "0123456789012345678901234567890123456789.-+, e"
		for range rnd.IntN(18) {
			b.WriteByte(alphabet[rnd.IntN(len(alphabet))])
		}
		sameScale(t, b.String())
	}
}

func FuzzScaled(f *testing.F) {
	for _, s := range []string{"12.50", "-.5", "99999999999999", "1e3", "1,000.5"} {
		f.Add(s)
	}
	f.Fuzz(sameScale)
}

// sameScale fails t unless scaled reads text as api.Decimal does.
func sameScale(t *testing.T, text string) {
	n := api.Number{Text: text, Valid: true}
	e, f := scaled(n)
	we, wf := scaledDecimal(n)
	if e != we || f != wf {
		t.Fatalf("scaled(%q) = %v, %v; api.Decimal reads %v, %v", text, e, f, we, wf)
	}
}
