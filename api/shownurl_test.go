package api_test

import (
	"testing"

	"donations/api"
)

// A URL is shown without the user and key it may carry, whether Go can
// read it or not; one without them is shown as given.
func TestShownURLHoldsNoKey(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"http://user:KEY@127.0.0.1:8080/x": "http://127.0.0.1:8080/x",
		"https://KEY@h.example":            "https://h.example",
		"https://u:KEY@exa mple.org/%zz":   "https://exa mple.org/%zz",
		"https://u:KEY@h:bad/a@b":          "https://h:bad/a@b",
		"https://h.example/org?next=a@b":   "https://h.example/org?next=a@b",
		"https://H.example:8443/org-a/":    "https://H.example:8443/org-a/",
		"u:KEY@h.example%zz":               "h.example%zz",
	} {
		if got := api.ShownURL(in); got != want {
			t.Errorf("%q shown as %q, want %q", in, got, want)
		}
	}
}
