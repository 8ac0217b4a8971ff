package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/textsafe"
	"donations/ui/uictx"
)

// AccountChecker tries an account with one request before the setup screen
// saves it, so a wrong key is found at once, with the server's answer,
// rather than on the first screen of the browser. The wiring implements it
// with the API client: the screen builds no request itself.
type AccountChecker interface {
	Check(ctx context.Context, account SetupResult) error
}

// checkTimeout bounds the try: the client's own retries come within it.
const checkTimeout = 30 * time.Second

// tryState is the setup screen's try of the account.
type tryState struct {
	check   AccountChecker
	running bool
	failed  *SetupResult // what was tried and refused: Enter on it again saves it anyway
	answer  string       // the refusal, as the client words it
}

type triedMsg struct {
	account SetupResult
	err     error
}

// save ends the screen with r, once the server has accepted it, or at once
// for an account just refused and kept as it was (no network here, say).
func (s *Setup) save(r SetupResult) tea.Cmd {
	if s.try.check == nil || s.try.failed != nil && *s.try.failed == r {
		s.result = r
		return tea.Quit
	}
	s.try.running, s.try.failed, s.try.answer = true, nil, ""
	check := s.try.check
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), checkTimeout)
		defer cancel()
		return triedMsg{r, check.Check(ctx, r)}
	}
}

func (s *Setup) tried(msg triedMsg) tea.Cmd {
	s.try.running = false
	if msg.err == nil {
		s.result = msg.account
		return tea.Quit
	}
	s.try.failed, s.try.answer = &msg.account, uictx.ErrorText(msg.err)
	return nil
}

// view says the try is under way, or what the server answered.
func (t *tryState) view(st *uictx.Styles, width int) string {
	switch {
	case t.running:
		return st.Muted.Render("Trying the account: one request to the server…")
	case t.answer != "":
		return textsafe.Wrap(st.Error.Render("The try failed: ")+t.answer, width, "/") + "\n" +
			st.Muted.Render("Correct it and press enter, or enter as it is saves it anyway.")
	}
	return ""
}
