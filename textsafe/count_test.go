package textsafe

import "testing"

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{
		{1, "donation", "1 donation"},
		{0, "donation", "0 donations"},
		{1234, "donation", "1,234 donations"},
		{1, "gift", "1 gift"},
		{2, "gift", "2 gifts"},
		{1, "currency", "1 currency"},
		{6, "currency", "6 currencies"},
		{3, "day", "3 days"},
		{2, "match", "2 matches"},
		{1, "match", "1 match"},
		{5, "request", "5 requests"},
	} {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}
