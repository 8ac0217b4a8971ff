package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/export"
	"donations/textsafe"
)

func decode(t *testing.T, raw string) api.Donation {
	t.Helper()
	var d api.Donation
	if err := json.Unmarshal([]byte(raw), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func writeAll(t *testing.T, format string, ds ...api.Donation) string {
	t.Helper()
	var buf bytes.Buffer
	w, err := export.New(format, &buf, 100)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ds {
		if err := w.Write(&ds[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

const hostile = `{"id": 7, "first_name": "\u001b]52;c;cGF5bG9hZA==\u0007Mallory\u001b[31m", "last_name": "\u202Eevil",
 "email": "=HYPERLINK(\"http://x\")", "amount": "-5.00", "form_name": "+cmd", "city": "@SUM(A1)",
 "extra": {"nested": [1, 2.50, "x"]}, "questions": [{"question": "Q", "answer": true}, {"question": "Color", "answer": "red"}],
 "donation_honor": {"honoree_name": "Rose", "recipient_message": "\tline"}}`

func TestNDJSONKeepsTheRecordExactlyAsReceived(t *testing.T) {
	d := decode(t, hostile)
	out := writeAll(t, "ndjson", d, d)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines, want 2", len(lines))
	}
	var want bytes.Buffer
	_ = json.Compact(&want, []byte(hostile))
	if lines[0] != want.String() {
		t.Errorf("line = %s\nwant   %s", lines[0], want.String())
	}
	if strings.ContainsRune(out, 0x1b) {
		t.Error("a raw ESC reached the output; JSON must keep it escaped")
	}
}

func TestJSONIsAnArrayOfTheRecordsAsReceived(t *testing.T) {
	d := decode(t, hostile)
	var got []map[string]any
	if err := json.Unmarshal([]byte(writeAll(t, "json", d, d)), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0]["extra"] == nil {
		t.Errorf("got %v", got)
	}
	var empty []any
	if err := json.Unmarshal([]byte(writeAll(t, "json")), &empty); err != nil || len(empty) != 0 {
		t.Errorf("empty output is not []: %v", err)
	}
}

func TestCSVFlattensAndNeutralises(t *testing.T) {
	d := decode(t, hostile)
	rows, err := csv.NewReader(strings.NewReader(writeAll(t, "csv", d))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("got %d rows, want header and one", len(rows))
	}
	cell := map[string]string{}
	for i, name := range rows[0] {
		cell[name] = rows[1][i]
	}
	checks := map[string]string{
		"id":                               "7",
		"first_name":                       "Mallory",
		"last_name":                        "evil",
		"email":                            `'=HYPERLINK("http://x")`,
		"form_name":                        "'+cmd",
		"city":                             "'@SUM(A1)",
		"amount":                           "-5.00",
		"questions":                        "Q: true; Color: red",
		"donation_honor.honoree_name":      "Rose",
		"donation_honor.recipient_message": "'\tline",
		"donation_honor.recipient_email":   "",
		"anonymous":                        "",
	}
	for k, want := range checks {
		if got, ok := cell[k]; !ok || got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if out := writeAll(t, "csv", d); strings.ContainsAny(out, "\x1b\x07\u202e") {
		t.Errorf("a terminal control reached the CSV: %q", out)
	}
	if len(rows[0]) != len(export.CSVHeader()) || rows[0][0] != "id" {
		t.Errorf("header = %v", rows[0])
	}
	if header := writeAll(t, "csv"); !strings.HasPrefix(header, "id,email,form_name") {
		t.Errorf("an empty export still needs its header, got %q", header)
	}
}

func TestNeutralize(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1": "'=1+1", "+1": "+1", "-5.00": "-5.00", "-x": "'-x", "@a": "'@a", "\tx": "'\tx", "\rx": "'\rx",
		"plain": "plain", "": "", "1,000": "1,000", "-1,000": "'-1,000",
	} {
		if got := export.Neutralize(in); got != want {
			t.Errorf("Neutralize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTableIsSanitisedAndAligned(t *testing.T) {
	rows := []api.Donation{
		decode(t, hostile),
		decode(t, `{"id": 8, "first_name": "花子", "last_name": "山田", "email": "hanako@example.jp", "formatted_amount": "¥3,000.00", "status": "paid", "form_name": "Spring 🌸 Appeal", "donation_date": "2025-03-04T05:06:07.000Z"}`),
		decode(t, `{"id": 9, "first_name": "`+strings.Repeat("Very long name ", 700)+`", "amount": "12.5", "currency": "eur"}`),
	}
	out := writeAll(t, "table", rows...)
	if strings.ContainsAny(out, "\x1b\x07\u202E") {
		t.Fatalf("control characters reached the table:\n%q", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines, want 4:\n%s", len(lines), out)
	}
	header := lines[0]
	for _, l := range lines[1:] {
		if textsafe.Width(l) > 100 {
			t.Errorf("line wider than the terminal: %d cells", textsafe.Width(l))
		}
	}
	if !strings.Contains(lines[2], "山田") || !strings.Contains(lines[2], "2025-03-04 05:06") || !strings.Contains(lines[3], "12.5 EUR") {
		t.Errorf("table lost content:\n%s", out)
	}
	// The right-aligned AMOUNT column ends at the same cell on every line,
	// whatever the width of the characters before it.
	amountEnd := textsafe.Width(header[:strings.Index(header, "AMOUNT")+len("AMOUNT")])
	for i, amount := range []string{"-5.00", "¥3,000.00", "12.5 EUR"} {
		l := lines[i+1]
		end := strings.Index(l, amount) + len(amount)
		if got := textsafe.Width(l[:end]); got != amountEnd {
			t.Errorf("amount %q ends at cell %d, want %d: %q", amount, got, amountEnd, l)
		}
	}
}

func TestStreamHonoursLimits(t *testing.T) {
	srv := httptest.NewServer(demo.New(demo.Options{Count: 450}))
	defer srv.Close()
	c, err := api.New(api.Config{BaseURL: srv.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		order api.Order
		lim   export.Limits
		want  int
		pages int
	}{
		// The fifth page is short; only the empty sixth ends the list.
		{"everything", api.OldestFirst, export.Limits{}, 450, 6},
		{"two pages", api.OldestFirst, export.Limits{Pages: 2}, 200, 2},
		{"newest 120", api.NewestFirst, export.Limits{Donations: 120}, 120, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			w, _ := export.New("ndjson", &buf, 0)
			pages := 0
			n, err := export.Stream(context.Background(), c.Pager(api.Query{}, tc.order), w, tc.lim, func(api.Batch, int) { pages++ })
			if err != nil {
				t.Fatal(err)
			}
			if n != tc.want || strings.Count(buf.String(), "\n") != tc.want || pages != tc.pages {
				t.Errorf("wrote %d (%d lines) in %d pages, want %d in %d", n, strings.Count(buf.String(), "\n"), pages, tc.want, tc.pages)
			}
		})
	}
}

func TestAnswerText(t *testing.T) {
	for raw, want := range map[string]string{
		`true`: "Yes", `false`: "No", `"A friend"`: "A friend", `null`: "", ``: "",
		`3.5`: "3.5", `["Education","Health"]`: "Education, Health", `{"a":1}`: `{"a":1}`,
	} {
		if got := export.AnswerText(json.RawMessage(raw)); got != want {
			t.Errorf("AnswerText(%s) = %q, want %q", raw, got, want)
		}
	}
}

func TestCSVByteOrderMarkOnlyWhenAsked(t *testing.T) {
	d := decode(t, `{"id": 1, "first_name": "Zoë"}`)
	for _, bom := range []bool{false, true} {
		var buf bytes.Buffer
		w := export.NewCSV(&buf, bom)
		if err := w.Write(&d); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if got := strings.HasPrefix(out, export.BOM+"id,"); got != bom {
			t.Errorf("bom %v: file starts %q", bom, out[:8])
		}
		if strings.Count(out, export.BOM) > 1 || !strings.Contains(out, "Zoë") {
			t.Errorf("bom %v: one mark at the start and the name as UTF-8, got %q", bom, out)
		}
	}
	var empty bytes.Buffer
	if err := export.NewCSV(&empty, true).Close(); err != nil || empty.String() != export.BOM+strings.Join(export.CSVHeader(), ",")+"\n" {
		t.Errorf("an empty export is the mark and the header, got %q (%v)", empty.String(), err)
	}
}

func TestQuestionsCellNamesAQuestionWithNoText(t *testing.T) {
	for _, tc := range []struct{ raw, want string }{
		{`[{"question": "Q", "question_type": "check", "answer": true}]`, "Q: true"},
		{`[{"question": "", "question_type": "check", "answer": false}]`, "check: false"},
		{`[{"question": "  ", "question_type": "text", "answer": "hi"}]`, "text: hi"},
		{`[{"answer": 3}]`, "question: 3"},
		{`[{"question_type": "select", "answer": ["a","b"]}, {"question": "Color", "answer": "red"}]`, `select: ["a","b"]; Color: red`},
	} {
		var qs []api.Question
		if err := json.Unmarshal([]byte(tc.raw), &qs); err != nil {
			t.Fatal(err)
		}
		if got := export.QuestionsCell(qs); got != tc.want {
			t.Errorf("QuestionsCell(%s) = %q, want %q", tc.raw, got, tc.want)
		}
	}
}

// The table fits the terminal: no line is wider, the columns least worth
// keeping go first, and the donor, amount and date always stay.
func TestTableFitsTheTerminalWidth(t *testing.T) {
	d := decode(t, `{"id": 123456, "first_name": "Zoë", "last_name": "Lefèvre", "email": "zoe.lefevre@example.org", "formatted_amount": "$1,250.00",
		"status": "paid", "form_name": "Spring Appeal 2025", "donation_date": "2025-03-04T05:06:07.000Z"}`)
	for _, tc := range []struct {
		width      int
		want, gone []string
	}{
		{80, []string{"ID", "DATE (UTC)", "DONOR", "EMAIL", "AMOUNT"}, []string{"STATUS", "FORM"}},
		{120, []string{"ID", "DATE (UTC)", "DONOR", "EMAIL", "AMOUNT", "STATUS", "FORM"}, nil},
		{60, []string{"DATE (UTC)", "DONOR", "AMOUNT"}, []string{"ID", "EMAIL", "STATUS", "FORM"}},
		{10, []string{"DONOR"}, []string{"AMOUNT"}},
	} {
		var buf bytes.Buffer
		w, err := export.New("table", &buf, tc.width)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(&d); err != nil {
			t.Fatal(err)
		}
		w.Close()
		lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
		for _, l := range lines {
			if textsafe.Width(l) > tc.width {
				t.Errorf("width %d: line of %d cells: %q", tc.width, textsafe.Width(l), l)
			}
		}
		for _, title := range tc.want {
			if !strings.Contains(lines[0], title) {
				t.Errorf("width %d: no %s column: %q", tc.width, title, lines[0])
			}
		}
		for _, title := range tc.gone {
			if strings.Contains(lines[0], title) {
				t.Errorf("width %d: %s should have been dropped: %q", tc.width, title, lines[0])
			}
		}
		if tc.width >= 80 && (!strings.Contains(lines[1], "zoe.lefevre@example.org") || !strings.Contains(lines[1], "Zoë Lefèvre")) {
			t.Errorf("width %d: donor or e-mail cut: %q", tc.width, lines[1])
		}
	}
}

// The FORM column's rule, shared with the browser's list: the campaign
// stands in only where the server names no form.
func TestFormOrCampaign(t *testing.T) {
	text := func(s string) api.Text { return api.Text{Value: s, Valid: s != ""} }
	for _, c := range []struct{ form, campaign, want string }{
		{"Spring Appeal", "Giving Tuesday", "Spring Appeal"},
		{"", "Giving Tuesday", "Giving Tuesday"},
		{"  ", "Giving Tuesday", "Giving Tuesday"},
		{"", "", ""},
	} {
		if got, _ := export.FormOrCampaign(text(c.form), text(c.campaign)); got.Value != c.want {
			t.Errorf("form %q, campaign %q: %q, want %q", c.form, c.campaign, got.Value, c.want)
		}
	}
}
