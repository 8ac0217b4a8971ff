package demo

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
	"unicode"
)

func get(t *testing.T, srv *httptest.Server, path, user, key string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	if user != "" {
		req.SetBasicAuth(user, key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

func ids(t *testing.T, body []byte) []int64 {
	t.Helper()
	var list []struct{ ID int64 }
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatalf("not a bare array: %s", body[:min(len(body), 100)])
	}
	out := make([]int64, len(list))
	for i, d := range list {
		out[i] = d.ID
	}
	return out
}

func TestServerFollowsTheSpec(t *testing.T) {
	srv := httptest.NewServer(New(Options{Count: 250}))
	defer srv.Close()
	auth := func(path string) (*http.Response, []byte) { return get(t, srv, path, DefaultLogin, DefaultKey) }

	_, p0 := auth("/api/v1/donations?page=0")
	_, p1 := auth("/api/v1/donations?page=1")
	if string(p0) != string(p1) || len(ids(t, p1)) != 100 {
		t.Error("page=0 must behave like page 1, with the default 100 a page")
	}
	if _, b := auth("/api/v1/donations?per_page=500"); len(ids(t, b)) != 100 {
		t.Error("per_page above 100 must revert to 100")
	}
	if _, b := auth("/api/v1/donations?page=3&per_page=100"); len(ids(t, b)) != 50 {
		t.Error("the last page must hold the remainder")
	}
	if _, b := auth("/api/v1/donations?page=4"); len(ids(t, b)) != 0 {
		t.Error("past the end must be empty")
	}
	all := ids(t, p1)
	for i := 1; i < len(all); i++ {
		if all[i] <= all[i-1] {
			t.Fatal("ids must ascend")
		}
	}
	resp, body := get(t, srv, "/api/v1/donations", DefaultLogin, "wrong")
	if resp.StatusCode != 401 || string(body) != `{"error":"Authentication failed"}` {
		t.Errorf("wrong key: %d %s", resp.StatusCode, body)
	}
	for _, h := range []string{"X-Ratelimit-Limit", "X-Ratelimit-Remaining", "X-Ratelimit-Reset"} {
		if _, err := strconv.ParseInt(resp.Header.Get(h), 10, 64); err != nil {
			t.Errorf("401 lacks a numeric %s header", h)
		}
	}
	if resp, _ := get(t, srv, "/api/v1/donations", "", ""); resp.StatusCode != 401 {
		t.Errorf("no credentials: %d", resp.StatusCode)
	}
	if resp, _ := auth("/api/v1/other"); resp.StatusCode != 404 {
		t.Errorf("unknown path: %d", resp.StatusCode)
	}
	if resp, _ := auth("/api/v1/donations?id=abc"); resp.StatusCode != 400 {
		t.Errorf("non-numeric id: %d", resp.StatusCode)
	}
}

func TestRateLimitBudget(t *testing.T) {
	for _, shape := range ShapeNames {
		t.Run(shape, func(t *testing.T) {
			srv := httptest.NewServer(New(Options{Count: 10, RateLimit: 2, Shape: shape}))
			defer srv.Close()
			var codes []int
			for range 3 {
				resp, _ := get(t, srv, "/api/v1/donations", DefaultOrgID, DefaultKey)
				codes = append(codes, resp.StatusCode)
				if resp.StatusCode == 429 && resp.Header.Get("Retry-After") == "" {
					t.Error("429 without Retry-After")
				}
			}
			if codes[0] != 200 || codes[1] != 200 || codes[2] != 429 {
				t.Errorf("statuses = %v, want 200 200 429", codes)
			}
		})
	}
}

// A client's budget lasts a whole window from its first request, not
// until the clock's next minute.
func TestRateWindowStartsAtTheFirstRequest(t *testing.T) {
	s := New(Options{Count: 10, RateLimit: 2})
	first := time.Date(2026, 1, 1, 12, 0, 30, 0, time.UTC)
	for _, step := range []struct {
		after     time.Duration
		ok        bool
		remaining int
		reset     time.Duration // after first
	}{
		{0, true, 1, time.Minute},
		{40 * time.Second, true, 0, time.Minute},
		{59 * time.Second, false, 0, time.Minute},
		{time.Minute, true, 1, 2 * time.Minute},
	} {
		_, remaining, reset, ok := s.spend("client", first.Add(step.after))
		if ok != step.ok || remaining != step.remaining || !reset.Equal(first.Add(step.reset)) {
			t.Errorf("a request %v after the first: ok %v, %d left, reset %v after it; want %v, %d, %v",
				step.after, ok, remaining, reset.Sub(first), step.ok, step.remaining, step.reset)
		}
	}
	// x-ratelimit-reset is in whole seconds: a window ends on one, a
	// whole window after the second it began in.
	if _, _, reset, _ := s.spend("other", first.Add(300*time.Millisecond)); !reset.Equal(first.Add(time.Minute)) {
		t.Errorf("a window begun 0.3 s past a second ends %v after that second, want 1m0s", reset.Sub(first))
	}
	short := New(Options{Count: 10, RateLimit: 10, RateWindow: time.Second})
	at := first.Add(300 * time.Millisecond)
	for i := range 12 {
		_, _, reset, ok := short.spend("client", at)
		if want := i < 10; ok != want || !reset.Equal(first.Add(time.Second)) {
			t.Errorf("request %d of a one-second window begun 0.3 s past a second: ok %v, reset %v after that second; want %v, 1s", i+1, ok, reset.Sub(first), want)
		}
	}
	if _, remaining, reset, ok := short.spend("client", first.Add(time.Second)); !ok || remaining != 9 || !reset.Equal(first.Add(2*time.Second)) {
		t.Errorf("at the reset it was told: ok %v, %d left, reset %v; want a new window: true, 9, 2s", ok, remaining, reset.Sub(first))
	}
}

func TestDataIsDeterministicAndVaried(t *testing.T) {
	a, b := New(Options{}), New(Options{})
	for _, i := range []int{0, 1, 2500, 4999} {
		ra, _ := a.encode(i)
		rb, _ := b.encode(i)
		if string(ra) != string(rb) {
			t.Fatalf("donation %d differs between two servers with the same seed", i)
		}
	}
	statuses, currencies, types, answerKinds := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	tributes, anonymous, recurring, utm, nonLatin, emptyQuestion := 0, 0, 0, 0, 0, 0
	donors := map[string]int{}
	n := len(a.data.entries)
	for i := range n {
		r := a.data.record(i)
		statuses[r.Status]++
		currencies[r.Currency]++
		types[r.DonationType]++
		donors[r.Email]++
		if r.DonationHonor != nil {
			tributes++
		}
		if r.Anonymous {
			anonymous++
		}
		if r.Recurring {
			recurring++
		}
		if r.UTMSource != "" {
			utm++
		}
		for _, c := range r.FirstName + r.LastName {
			if c > unicode.MaxLatin1 && !unicode.Is(unicode.Latin, c) {
				nonLatin++
				break
			}
		}
		for _, q := range r.Questions {
			answerKinds[jsonKind(q.Answer)]++
			if q.Question == "" {
				emptyQuestion++
			}
		}
		if (r.Last4 == "") != (r.DonationType == "paypal") {
			t.Fatalf("donation %d: last4 %q with %s", i, r.Last4, r.DonationType)
		}
	}
	for _, s := range []string{"paid", "refunded", "pending", "failed"} {
		if statuses[s] == 0 {
			t.Errorf("no %s donations", s)
		}
	}
	if len(currencies) < 5 || len(types) < 4 {
		t.Errorf("currencies %v, payment types %v", currencies, types)
	}
	if tributes < n/20 || tributes > n/5 {
		t.Errorf("%d tributes in %d donations, want about one in ten", tributes, n)
	}
	for _, k := range []string{"bool", "string", "int"} {
		if answerKinds[k] == 0 {
			t.Errorf("no %s answers: %v", k, answerKinds)
		}
	}
	if anonymous == 0 || recurring == 0 || utm == 0 || nonLatin < n/20 || emptyQuestion == 0 {
		t.Errorf("anonymous %d recurring %d utm %d non-latin %d empty questions %d", anonymous, recurring, utm, nonLatin, emptyQuestion)
	}
	if donors["ada.lovelace@example.org"] < 5 {
		t.Errorf("the documented repeat donor gave %d times", donors["ada.lovelace@example.org"])
	}
}

// jsonKind names the JSON type of an answer as the form question sends it.
func jsonKind(raw []byte) string {
	switch raw[0] {
	case 't', 'f':
		return "bool"
	case '"':
		return "string"
	case '[':
		return "array"
	}
	return "int"
}

func TestCampaignsCoverEveryForm(t *testing.T) {
	for _, shape := range ShapeNames {
		s := New(Options{Shape: shape})
		total := 0
		for _, c := range Campaigns {
			n := len(s.Match(Filter{CampaignID: c.ID}))
			if n == 0 {
				t.Errorf("%s: campaign %d has no donations", shape, c.ID)
			}
			total += n
		}
		if total != 5000 {
			t.Errorf("%s: campaigns hold %d donations, want all 5000", shape, total)
		}
	}
}
