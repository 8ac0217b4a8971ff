package demo

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"
)

// Running is a demo server listening on loopback.
type Running struct {
	*Server
	URL  string
	srv  *http.Server
	done chan struct{}
}

// Start serves the demo on addr ("" picks a free loopback port) until Close
// or ctx ends. Only loopback addresses are accepted: it is a test server.
func Start(ctx context.Context, addr string, opts Options) (*Running, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	if err := CheckAddress(addr); err != nil {
		return nil, fmt.Errorf("demo server address %q: %w", addr, err)
	}
	if err := checkShape(opts.withDefaults().Shape); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("demo server address %q: %w", addr, err)
	}
	s := New(opts)
	run := &Running{Server: s, URL: "http://" + ln.Addr().String(), done: make(chan struct{}),
		srv: &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}}
	go func() {
		defer close(run.done)
		_ = run.srv.Serve(ln)
	}()
	if s.opts.Shape == ShapeDonorbox {
		// The kinds are made from every donation: made now, while a client
		// reads the donations first, the first request of a kind does not
		// wait for them (seconds at a million).
		go func() {
			s.dataMu.RLock()
			defer s.dataMu.RUnlock()
			s.kinds()
		}()
	}
	go func() {
		select {
		case <-ctx.Done():
			run.Close()
		case <-run.done:
		}
	}()
	return run, nil
}

// CheckAddress says why addr cannot be the demo's, before anything listens:
// it needs a host that is loopback (it is a test server) and a port.
func CheckAddress(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return errors.New("only loopback addresses (127.0.0.1, ::1, localhost) are allowed")
	}
	if n, err := strconv.Atoi(port); err == nil && (n < 0 || n > 65535) {
		return fmt.Errorf("the port %d is not one of 0..65535", n)
	} else if err != nil {
		if _, err := net.LookupPort("tcp", port); err != nil {
			return fmt.Errorf("the port %q is neither a number nor a service name", port)
		}
	}
	return nil
}

// Close stops the server and waits for it.
func (r *Running) Close() {
	_ = r.srv.Close()
	<-r.done
}
