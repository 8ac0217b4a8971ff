package api_test

import (
	"errors"
	"strings"
	"testing"

	"donations/api"
)

// shown is an error as a caller shows it in full: its one line, then its hint.
// It fails the test if the line itself spans lines.
func shown(t *testing.T, err error) string {
	t.Helper()
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("Error() is not one line: %q", err.Error())
	}
	var e *api.Error
	if errors.As(err, &e) && e.Hint() != "" {
		return err.Error() + "\n" + e.Hint()
	}
	return err.Error()
}

func TestErrorIsOneLineAndTheHintApart(t *testing.T) {
	t.Parallel()
	for _, e := range []*api.Error{
		{Kind: api.KindAuth, Status: 401, Page: 1, Excerpt: "nope"},
		{Kind: api.KindForbidden, Status: 403},
		{Kind: api.KindRateLimited, Status: 429, Attempts: 3},
	} {
		if strings.Contains(e.Error(), "\n") || e.Hint() == "" || strings.Contains(e.Error(), e.Hint()) {
			t.Errorf("%v: Error() %q, Hint() %q", e.Kind, e.Error(), e.Hint())
		}
	}
}
