// Package ask is the question a person asks of the donations: the filters
// (the API's and the store's), the search, the sort and its direction. One
// table of fields (Fields) makes the command line's flags, the browser's
// filter form, the config's [views.*], the remembered state and the header
// chips, so that all of them take the same filters and read them alike.
package ask

import (
	"fmt"
	"maps"
	"strings"
	"time"

	"donations/api"
	"donations/query"
)

// Texts are the fields' texts as given, by Field.Name: what the form shows,
// a view and the state file keep. A field left out is not filtered on.
type Texts map[string]string

// Question is one question: the texts and what they read as, with the
// sort. Make one with Read; a Question is a value and is never changed in
// place (With returns a new one).
type Question struct {
	Texts Texts
	// Query holds the API's filters; its paging is the caller's.
	Query api.Query
	// Filter holds what only the store applies, and the search; its API
	// fields stay empty (Store adds them where the store answers for them).
	Filter query.Filter
	Sort   string // a query.Sorts key; "" is by date
	Desc   bool
	// fiscalStart is the month fiscal years start in ("fiscal 2026"), as
	// ReadFiscal was given it; With and Only keep it.
	fiscalStart int
}

// Errors are the fields that did not read, by name, with why.
type Errors map[string]string

// Err is the first error in the fields' order, naming its field, or nil.
func (e Errors) Err() error {
	for _, f := range Fields {
		if msg, ok := e[f.Name]; ok {
			return fmt.Errorf("%s: %s", f.Name, msg)
		}
	}
	for name, msg := range e {
		return fmt.Errorf("%s: %s", name, msg)
	}
	return nil
}

// Read reads texts at now (dates such as "last month" are read against
// it). Every field is read, so a form can show each one's error; the
// question holds the fields that read. Fiscal years start in January.
func Read(texts Texts, now time.Time) (Question, Errors) { return ReadFiscal(texts, now, 0) }

// ReadFiscal is Read for an account whose fiscal years start in the month
// fiscalStart (0 or 1: January), which "fiscal 2026" reads by.
func ReadFiscal(texts Texts, now time.Time, fiscalStart int) (Question, Errors) {
	q := Question{fiscalStart: fiscalStart}
	q.Texts = Texts{}
	errs := Errors{}
	for _, f := range Fields {
		text, ok := texts[f.Name]
		if !ok {
			continue
		}
		text, err := clean(text)
		if err == nil && text != "" {
			err = f.Parse(text, now, &q)
		}
		switch {
		case err != nil:
			errs[f.Name] = err.Error()
		case text != "":
			q.Texts[f.Name] = text
		}
	}
	for name := range texts {
		if _, ok := Lookup(name); !ok {
			errs[name] = "not a filter (" + strings.Join(Names(), ", ") + ")"
		}
	}
	if len(errs) == 0 {
		errs = nil
	}
	return q, errs
}

// With is the question with one field's text changed ("" drops it),
// read at now; the sort stays.
func (q Question) With(name, text string, now time.Time) (Question, error) {
	t := maps.Clone(q.Texts)
	if t == nil {
		t = Texts{}
	}
	t[name] = text
	n, errs := ReadFiscal(t, now, q.fiscalStart)
	n.Query.PerPage, n.Sort, n.Desc = q.Query.PerPage, q.Sort, q.Desc
	return n, errs.Err()
}

// Only is the question that keeps just the fields keep says yes to, and
// the sort: what a new run starts from, for one.
func (q Question) Only(keep func(Field) bool, now time.Time) Question {
	t := Texts{}
	for _, f := range Fields {
		if text, ok := q.Texts[f.Name]; ok && keep(f) {
			t[f.Name] = text
		}
	}
	n, _ := ReadFiscal(t, now, q.fiscalStart)
	n.Query.PerPage, n.Sort, n.Desc = q.Query.PerPage, q.Sort, q.Desc
	return n
}

// Store is the filter a store applies: the store's filters and the search,
// and, where the store holds every donation (withServer), the API's own too.
func (q Question) Store(withServer bool) query.Filter {
	f := q.Filter
	if withServer {
		f.Email, f.FirstName, f.LastName, f.ID = q.Query.Email, q.Query.FirstName, q.Query.LastName, q.Query.ID
		f.CampaignID = q.Query.CampaignID
	}
	return f
}

// Has says whether the field is set.
func (q Question) Has(name string) bool { return q.Texts[name] != "" }

// Narrowing says whether a filter only the store applies is set (the
// search aside).
func (q Question) Narrowing() bool {
	for _, f := range Fields {
		if !f.Server && f.Name != "search" && q.Has(f.Name) {
			return true
		}
	}
	return false
}

// Filtered says whether any filter is set, the search aside.
func (q Question) Filtered() bool { return len(q.Texts) > 0 && !(len(q.Texts) == 1 && q.Has("search")) }

// Chip is a field in force, as the header names it.
type Chip struct {
	Field Field
	Text  string
}

// Chips are the filters in force, in the fields' order.
func (q Question) Chips() []Chip {
	var out []Chip
	for _, f := range Fields {
		if t := q.Texts[f.Name]; t != "" && f.Name != "search" {
			out = append(out, Chip{f, t})
		}
	}
	return out
}
