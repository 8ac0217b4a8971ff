package demo

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// While the kinds are made (seconds at a million donations), pages of
// donations are served: a client reading them first is not kept waiting.
func TestDonationsAreServedWhileTheKindsAreMade(t *testing.T) {
	s := New(Options{Count: 300, Shape: ShapeDonorbox})
	srv := httptest.NewServer(s)
	defer srv.Close()
	s.kindsMu.Lock() // the kinds being made
	defer s.kindsMu.Unlock()
	served := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("GET", srv.URL+"/api/v1/donations?page=2", nil)
		req.SetBasicAuth(DefaultLogin, DefaultKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			served <- 0
			return
		}
		resp.Body.Close()
		served <- resp.StatusCode
	}()
	select {
	case code := <-served:
		if code != http.StatusOK {
			t.Errorf("a page of donations while the kinds are made: HTTP %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a page of donations waited for the kinds")
	}
}

// A server started in the platform's shape makes its kinds at once, so
// that the first request of a kind finds them made.
func TestStartMakesTheKinds(t *testing.T) {
	run, err := Start(context.Background(), "", Options{Count: 300, Shape: ShapeDonorbox})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		run.kindsMu.Lock()
		made := run.kindsMade != nil
		run.kindsMu.Unlock()
		if made {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the kinds were not made after the server started")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
