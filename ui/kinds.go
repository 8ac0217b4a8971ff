package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/command"
	"donations/ui/views/kinds"
)

// showKind carries out the : prompt and the jumps between kinds: the
// donations give the keys back to the list, any other kind is shown in
// the kinds' view.
func (m *Model) showKind(r uictx.KindMsg) tea.Cmd {
	if r.Name == command.Donations {
		m.back()
		return nil
	}
	cmd, ok := m.kinds.Show(r.Name, r.Filter, r.Select, r.Detail)
	if !ok {
		return nil
	}
	return tea.Batch(cmd, m.open(kinds.ID))
}

// kindShown is the kind on screen ("plans"), "" while the donations are:
// the kinds' view has the keys, or the : prompt opened over it does.
func (m *Model) kindShown() string {
	if m.focus == kinds.ID || m.focus == command.ID && m.opener == kinds.ID {
		return m.kinds.Kind()
	}
	return ""
}

// kindHeader is the header while a kind is shown: the kind's name where
// the donations' views and chips stand, and the sync's status on the
// right, whose last read brought the kinds.
func (m *Model) kindHeader(head, kind string) string {
	st, w := &m.ctx.Styles, m.ctx.Layout.Width
	left := head + " " + st.Chip.Render(":"+kind)
	right := ""
	for _, s := range m.data.sync.status(m.ctx.Now(), w >= 120) {
		if textsafe.Width(left)+1+textsafe.Width(s) <= w {
			right = st.Muted.Render(s)
			break
		}
	}
	left = textsafe.Truncate(left, w-textsafe.Width(right))
	return left + strings.Repeat(" ", max(w-textsafe.Width(left)-textsafe.Width(right), 0)) + right
}

// underPrompt is screen with its key line given to the prompt drawn over
// it: the : prompt opened from the kinds' view.
func (m *Model) underPrompt(screen, prompt string) string {
	lines := strings.Split(screen, "\n")
	lines[len(lines)-1] = prompt
	return strings.Join(lines, "\n")
}
