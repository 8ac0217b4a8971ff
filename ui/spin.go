package ui

import (
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
)

// The spinner turns only while the screen waits for something (a page, an
// export): turning for good, it had an idle browser draw ten frames a second
// nobody saw (1.6 % of a core). The clock keeps the header's "synced N min
// ago" true in between.

// clockEvery is how often an idle screen is drawn again for the clock.
const clockEvery = 15 * time.Second

// clockTickMsg is named a tick, as the spinner's is: a harness that drives
// the model until no command is left (scripts/scale) drops ticks, which
// only animate, and this one would otherwise never let it settle.
type clockTickMsg struct{}

func clock() tea.Cmd {
	return tea.Tick(clockEvery, func(time.Time) tea.Msg { return clockTickMsg{} })
}

// waiting says whether the screen shows the spinner.
func (m *Model) waiting() bool { return m.data.loading || m.export.Running() }

// turn starts the spinner when the screen begins to wait.
func (m *Model) turn() tea.Cmd {
	if m.spinning || !m.waiting() {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// onSpin turns the spinner a step, or lets it stop (no next tick) when
// nothing is awaited any more.
func (m *Model) onSpin(msg spinner.TickMsg) tea.Cmd {
	if !m.waiting() {
		m.spinning = false
		return nil
	}
	var cmd tea.Cmd
	m.spin, cmd = m.spin.Update(msg)
	return cmd
}
