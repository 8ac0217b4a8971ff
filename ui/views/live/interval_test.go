package live

import (
	"testing"

	"donations/api"
)

func TestLiveIntervalKeepsToAQuarterOfTheBudget(t *testing.T) {
	for _, tc := range []struct {
		limit int
		known bool
		want  string
	}{{60, true, "8s"}, {1200, true, "5s"}, {0, false, "15s"}} {
		v := &View{opt: Options{Budget: func() (api.Budget, bool) { return api.Budget{Limit: tc.limit}, tc.known }}}
		if got := v.interval().String(); got != tc.want {
			t.Errorf("limit %d: every %s, want %s", tc.limit, got, tc.want)
		}
	}
}
