package exporter

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/progress"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/export"
	"donations/textsafe"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "export"

// View asks for a file name, then writes what the list shows — the
// filters, search and sort in force — through the same writers as
// `donations list`, or what a kind's list shows (For) as its command
// writes it. An existing file is overwritten only when the user says so. The job runs as a command; its progress comes back as
// messages, so the export never touches the model from another goroutine.
type View struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	data uictx.Data
	path textinput.Model
	bar  progress.Model
	keys *uictx.PromptKeys
	job  *exportJob
	jobs int // numbers jobs, so a reply to an old one is known
	// confirm is the file that exists and would be overwritten, while the
	// prompt asks; "" otherwise.
	confirm string
	src     Source  // what the open prompt writes
	next    *Source // what the next Open writes (For); nil: the donations
}

// Source is what an export writes: its rows' name ("plans"), one row's
// ("plan"), how many and how whole they are, and the writer of them.
type Source struct {
	Name, Noun string
	Count      int
	Partial    string // "" when whole, else what the rows cover
	// Write writes every row to w in format (csv or ndjson), the CSV
	// with the byte-order mark if bom, telling wrote how many so far now
	// and then; it returns how many it wrote. Nil: nothing can be read.
	Write func(ctx context.Context, w io.Writer, format string, bom bool, wrote func(int)) (int, error)
}

// For makes the next Open export src in place of the donations.
func (e *View) For(src Source) { e.next = &src }

// exportJob is an export under way.
type exportJob struct {
	id      int
	path    string
	noun    string
	written int
	total   int
	cancel  context.CancelFunc
	updates chan Msg
}

// Msg reports an export's progress, and its end when done is set.
type Msg struct {
	id      int
	written int
	done    bool
	opened  bool // the file was created: a failure leaves a partial file
	err     error
}

// New is the export of what data shows, drawn in ctx, moving the keys
// through nav.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data) *View {
	in := textinput.New()
	in.Prompt = "file: "
	return &View{ctx: ctx, nav: nav, data: data, path: in, keys: &ctx.Keys.Export,
		bar: progress.New(progress.WithWidth(20), progress.WithoutPercentage())}
}

func (e *View) OpenKey() key.Binding     { return e.ctx.Keys.List.Export }
func (e *View) Place() uictx.Place       { return uictx.PlaceMessage }
func (e *View) ShortHelp() []key.Binding { return []key.Binding{e.keys.Accept, e.keys.Cancel} }

// Running says whether an export is under way.
func (e *View) Running() bool { return e.job != nil }

func (e *View) Open() (tea.Cmd, bool) {
	e.confirm = ""
	e.src = e.donations()
	if e.next != nil {
		e.src, e.next = *e.next, nil
	}
	e.path.SetValue(e.src.Name + "-" + e.ctx.Now().Format("20060102-150405") + ".csv")
	e.path.CursorEnd()
	return e.path.Focus(), true
}

func (e *View) Update(msg tea.Msg) tea.Cmd {
	if m, ok := msg.(Msg); ok {
		return e.onMsg(m)
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if e.confirm != "" {
			return e.answer(k)
		}
		switch {
		case key.Matches(k, e.keys.Cancel):
			e.nav.BackToOpener()
			return nil
		case key.Matches(k, e.keys.Accept):
			path, err := expandHome(strings.TrimSpace(e.path.Value()))
			if err != nil {
				e.nav.BackToOpener()
				e.ctx.Flash = "export: " + uictx.FirstLine(err.Error())
				return nil
			}
			if _, err := os.Stat(path); err == nil {
				e.confirm = path
				return nil
			}
			e.nav.BackToOpener()
			return e.start(path, false)
		}
	}
	var cmd tea.Cmd
	e.path, cmd = e.path.Update(msg)
	return cmd
}

// answer is the reply to "overwrite?": y writes over the file, anything
// else goes back to the name.
func (e *View) answer(k tea.KeyPressMsg) tea.Cmd {
	path := e.confirm
	e.confirm = ""
	if k.String() == "y" || k.String() == "Y" {
		e.nav.BackToOpener()
		return e.start(path, true)
	}
	return nil
}

func (e *View) View() string {
	st := &e.ctx.Styles
	if e.confirm != "" {
		return st.Warn.Render(textsafe.Line(e.confirm)+" exists. ") + "Overwrite it? " + st.Key.Render("y") + st.Muted.Render(" yes · any other key no")
	}
	n := textsafe.Count(e.src.Count, e.src.Noun)
	if p := e.src.Partial; p != "" {
		n += " (" + p + ")"
	}
	return e.ctx.InputView(&e.path) + st.Muted.Render("  .csv/.ndjson · writes "+n)
}

// expandHome reads a leading ~ as the home folder, as a shell would.
func expandHome(path string) (string, error) {
	if path != "~" && !strings.HasPrefix(path, "~/") {
		return path, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, strings.TrimPrefix(path, "~")), nil
}

// Resize fits the progress bar to the screen.
func (e *View) Resize() { e.bar.SetWidth(min(30, e.ctx.Layout.Width/4)) }

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

func (e *View) start(path string, overwrite bool) tea.Cmd {
	if e.job != nil {
		e.ctx.Flash = "an export is already running (esc stops it)"
		return nil
	}
	format, err := formatFor(path)
	if err != nil {
		e.ctx.Flash = "export: " + uictx.FirstLine(err.Error())
		return nil
	}
	if e.src.Write == nil {
		e.ctx.Flash = "export: nothing to write: no store could be opened"
		return nil
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	e.jobs++
	ctx, cancel := context.WithCancel(context.Background())
	job := &exportJob{id: e.jobs, path: path, noun: e.src.Noun, cancel: cancel, updates: make(chan Msg, 1)}
	job.total = e.src.Count
	e.job = job
	write, bom := e.src.Write, e.ctx.CSVBOM
	run := func() tea.Msg { return runExport(ctx, write, path, format, bom, overwrite, job.id, job.updates) }
	return tea.Batch(run, waitExport(job.updates))
}

// donations is the source of the donations' list: the question in force,
// answered as the list's is.
func (e *View) donations() Source {
	src := Source{Name: "donations", Noun: "donation", Count: e.data.Len(), Partial: e.data.Partial()}
	asked := e.data.Asked()
	if !asked.Ready() {
		return src
	}
	src.Write = func(ctx context.Context, out io.Writer, format string, bom bool, wrote func(int)) (int, error) {
		w, _ := export.New(format, out, 0)
		if format == "csv" {
			w = export.NewCSV(out, bom)
		}
		n := 0
		_, err := asked.Donations(ctx, func(d *api.Donation) error {
			if err := w.Write(d); err != nil {
				return err
			}
			if n++; n%exportEvery == 0 {
				wrote(n)
			}
			return nil
		})
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		return n, err
	}
	return src
}

// exportEvery is how many rows an export writes between progress reports.
const exportEvery = 100

// runExport is the export command: it creates the file (0600; over an
// existing one only if overwrite), has write write every row into it in
// one pass, and returns the end. Progress goes to updates, which it closes
// when done.
func runExport(ctx context.Context, write func(context.Context, io.Writer, string, bool, func(int)) (int, error), path, format string,
	bom, overwrite bool, id int, updates chan Msg) tea.Msg {
	defer close(updates)
	mode := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if overwrite {
		mode = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(path, mode, 0o600)
	if err != nil {
		return Msg{id: id, done: true, err: err}
	}
	n, err := write(ctx, f, format, bom, func(n int) {
		// Progress is best effort: a full channel means the UI has not
		// drawn the last one yet, and the next will do.
		select {
		case updates <- Msg{id: id, written: n}:
		default:
		}
	})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return Msg{id: id, written: n, done: true, opened: true, err: err}
}

// waitExport delivers the next progress report; nothing once the job ended.
func waitExport(updates chan Msg) tea.Cmd {
	return func() tea.Msg {
		if msg, ok := <-updates; ok {
			return msg
		}
		return nil
	}
}

func (e *View) onMsg(msg Msg) tea.Cmd {
	job := e.job
	if job == nil || msg.id != job.id {
		return nil
	}
	job.written = msg.written
	if !msg.done {
		return waitExport(job.updates)
	}
	e.job = nil
	job.cancel()
	switch {
	case !msg.opened:
		e.ctx.Flash = "export: " + uictx.FirstLine(msg.err.Error())
	case errors.Is(msg.err, context.Canceled):
		e.ctx.Flash = fmt.Sprintf("Export stopped after %s; the partial file is %s", textsafe.Count(msg.written, job.noun), job.path)
	case msg.err != nil:
		e.ctx.Flash = "Export failed: " + uictx.FirstLine(msg.err.Error()) + " (partial file " + job.path + ")"
	default:
		e.ctx.Flash = fmt.Sprintf("Exported %s to %s", textsafe.Count(msg.written, job.noun), job.path)
	}
	return nil
}

// Stop cancels the job; its end still arrives and clears it.
func (e *View) Stop() {
	if e.job != nil {
		e.job.cancel()
	}
}

// Progress is the message line while the job runs.
func (e *View) Progress(spin string) string {
	job := e.job
	stop := e.ctx.Keys.List.Back.Help().Key + " stops"
	if job.total > 0 {
		return fmt.Sprintf("Exporting %s %s/%s · %s", e.bar.ViewAs(float64(job.written)/float64(job.total)), uictx.Commas(job.written), uictx.Commas(job.total), stop)
	}
	return fmt.Sprintf("%s Exporting… %s written · %s", spin, uictx.Commas(job.written), stop)
}
