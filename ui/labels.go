package ui

import (
	"strings"

	"donations/api"
	"donations/textsafe"
	"donations/ui/uictx"
)

// matchCount says how many rows the search finds, and whether that is
// over every donation. Until the answer to the search in force is in, the
// rows of the one before stay on screen, but their count is not this
// search's: it says so instead.
func (w *browserData) matchCount() string {
	n := textsafe.Count(w.Len(), "match")
	switch {
	case !w.shown.Answered():
		n = "searching…"
	case w.shown.AtLeast():
		n = "at least " + n
	}
	if p := w.partial(); p != "" {
		return n + " · " + p
	}
	return n
}

// countLabel is what the header says of how many rows there are; partial
// says apart what they cover.
func (w *browserData) countLabel() string {
	n := w.Len()
	switch {
	case !w.shown.Answered() && n == 0:
		return "loading"
	case w.shown.AtLeast():
		return "at least " + uictx.Commas(n) + " shown"
	case w.fromStore() && (w.q.Filtered() || w.q.Has("search")):
		return uictx.Commas(n) + " shown"
	case w.fromStore():
		return textsafe.Count(n, "donation")
	case w.loaded == 0 && w.err != nil:
		return "nothing loaded"
	case n != w.loaded:
		return uictx.Commas(n) + " of " + uictx.Commas(w.loaded) + " loaded"
	}
	return textsafe.Count(n, "donation")
}

// sortLabel is the order in force, as the header says it.
func (w *browserData) sortLabel() string {
	if w.q.Sort == "" {
		if w.q.Desc {
			return api.NewestFirst.String()
		}
		return api.OldestFirst.String()
	}
	arrow := " ↑"
	if w.q.Desc {
		arrow = " ↓"
	}
	return "by " + w.q.Sort + arrow
}

// filtersNote says which filters the server applied and which the store.
func (w *browserData) filtersNote() string {
	var server, local []string
	for _, c := range w.q.Chips() {
		if c.Field.Server {
			server = append(server, strings.ReplaceAll(c.Field.Chip, "_", " "))
		} else {
			local = append(local, c.Field.Chip)
		}
	}
	if w.fromStore() {
		// The synced store holds every donation: it applies the server's too.
		local, server = append(server, local...), nil
	}
	var parts []string
	if len(server) > 0 {
		parts = append(parts, strings.Join(server, ", ")+": sent to the server")
	}
	if len(local) > 0 {
		parts = append(parts, strings.Join(local, ", ")+": applied here")
	}
	return strings.Join(parts, " · ")
}

// searchHint offers the quick search when a name filter found nothing:
// the server and the store match a name whole, the search parts of it,
// and in every field (a tribute's honoree, a comment).
func (w *browserData) searchHint(searchKey string) string {
	names := strings.TrimSpace(w.q.Query.FirstName + " " + w.q.Query.LastName)
	if names == "" {
		return ""
	}
	return " Try the quick search: " + searchKey + strings.ToLower(names)
}
