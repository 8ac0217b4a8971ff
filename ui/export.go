package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/export"
)

// exportState is an export under way.
type exportState struct {
	id      int
	path    string
	written int
	total   int // known only when every row is already loaded
	cancel  context.CancelFunc
	updates chan exportMsg
}

// exportMsg reports an export's progress, and its end when done is set.
type exportMsg struct {
	id      int
	written int
	done    bool
	err     error
}

func (m *Model) defaultExportPath() string {
	return "donations-" + m.opt.Now().Format("20060102-150405") + ".csv"
}

// formatFor picks the writer from the file name: .ndjson/.jsonl or .csv.
func formatFor(path string) (string, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv":
		return "csv", nil
	case ".ndjson", ".jsonl":
		return "ndjson", nil
	}
	return "", fmt.Errorf("name the file .csv or .ndjson")
}

// startExport writes every page of the current filters and order to path,
// through the same writers as `donations list`, on a walk of its own.
func (m *Model) startExport(path string) tea.Cmd {
	if m.export != nil {
		m.flash = "an export is already running (esc stops it)"
		return nil
	}
	format, err := formatFor(path)
	if err != nil {
		m.flash = "export: " + err.Error()
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		m.flash = "export: " + err.Error()
		return nil
	}
	abs, _ := filepath.Abs(path)
	ctx, cancel := context.WithCancel(context.Background())
	st := &exportState{id: m.gen, path: abs, cancel: cancel, updates: make(chan exportMsg, 1)}
	if m.done && m.searchWords == nil {
		st.total = len(m.rows)
	}
	m.export = st
	walker := m.src.Walk(m.query, m.order)
	if c, ok := walker.(interface{ SetConcurrency(int) }); ok {
		c.SetConcurrency(export.DefaultConcurrency)
	}
	go runExport(ctx, walker, f, format, st.id, st.updates)
	return waitExport(st.updates)
}

func runExport(ctx context.Context, walker Walker, f *os.File, format string, id int, updates chan exportMsg) {
	w, _ := export.New(format, f, 0)
	n, err := export.Stream(ctx, walker, w, export.Limits{}, func(_ api.Batch, written int) {
		// Progress is best effort: a full channel means the UI has not drawn
		// the last one yet, and the next will do.
		select {
		case updates <- exportMsg{id: id, written: written}:
		default:
		}
	})
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if c, ok := walker.(interface{ Close() }); ok {
		c.Close()
	}
	// The end is always delivered: the UI waits for it to clear the export.
	updates <- exportMsg{id: id, written: n, done: true, err: err}
}

func waitExport(updates chan exportMsg) tea.Cmd {
	return func() tea.Msg { return <-updates }
}

func (m *Model) onExport(msg exportMsg) tea.Cmd {
	st := m.export
	if st == nil || msg.id != st.id {
		return nil
	}
	st.written = msg.written
	if !msg.done {
		return waitExport(st.updates)
	}
	m.export = nil
	switch {
	case errors.Is(msg.err, context.Canceled):
		m.flash = fmt.Sprintf("Export stopped after %s donations; the partial file is %s", commas(msg.written), st.path)
	case msg.err != nil:
		m.flash = "Export failed: " + firstLine(msg.err.Error()) + " (partial file " + st.path + ")"
	default:
		m.flash = fmt.Sprintf("Exported %s donations to %s", commas(msg.written), st.path)
	}
	return nil
}
