package api

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// How the reader (scan.go) fills a Donation: each key of an object is
// looked up in a table of where its value goes (the field table for a
// record, othernames.go for the names Donorbox sends), and the field's type
// says how the value is read.

// record reads the object at i into d, which keeps its bytes.
func (r *reader) record(d *Donation) {
	*d = Donation{}
	start := r.i
	r.rec = record{d: d}
	readObject(r, recordMembers, &r.rec)
	if d.Honor != nil && d.Honor.blank() {
		d.Honor = nil
	}
	r.rec.fillOthers(d)
	d.Raw = r.b[start:r.i:r.i]
}

// members maps each key of an object to where its value goes in a T.
type members[T any] map[string]func(*T) any

// find is where key's value goes: the member of that name, or else of a
// name that is the same but for case, as encoding/json matches; nil when
// there is none.
func (m members[T]) find(key string) func(*T) any {
	at, _ := findKey(m, key)
	return at
}

// findKey is the value of key in m, or else of a key that is the same but
// for case.
func findKey[V any](m map[string]V, key string) (V, bool) {
	if at, ok := m[key]; ok {
		return at, true
	}
	if ascii(key) {
		at, ok := m[strings.ToLower(key)]
		return at, ok
	}
	for name, at := range m {
		if strings.EqualFold(name, key) {
			return at, true
		}
	}
	var none V
	return none, false
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

var questionMembers = members[Question]{
	"question_type": func(q *Question) any { return &q.Type },
	"question":      func(q *Question) any { return &q.Question },
	"answer":        func(q *Question) any { return &q.Answer },
}

var honorMembers = func() members[Honor] {
	m := members[Honor]{}
	for i := range HonorFields {
		f := &HonorFields[i]
		m[f.Name] = func(h *Honor) any { return f.At(h) }
	}
	return m
}()

// readObject reads the object at i into v, and skips any other value.
func readObject[T any](r *reader, m members[T], v *T) {
	if r.next() != '{' {
		r.value()
		return
	}
	r.object(func(key string) {
		if at := m.find(key); at != nil {
			r.field(at(v))
		} else {
			r.value()
		}
	})
}

// field reads the value at i into the field at, whose type says how.
func (r *reader) field(at any) {
	switch f := at.(type) {
	case *Text:
		f.set(r.text())
	case *Number:
		f.set(r.text())
	case *Int:
		f.set(r.text())
	case *Flag:
		f.set(r.text())
	case *json.RawMessage:
		start := r.value()
		*f = json.RawMessage(r.b[start:r.i:r.i])
	case *[]Question:
		*f = r.questions()
	case **Honor:
		*f = nil
		if r.next() == '{' {
			*f = new(Honor)
		}
		readObject(r, honorMembers, *f)
	case *nestedDonor:
		readObject(r, donorMembers, f)
	case *nestedCampaign:
		readObject(r, campaignMembers, f)
	}
}

// text reads a value as the tolerant fields take it: the text of a
// string, the literal of anything else, and false for null.
func (r *reader) text() (string, bool) {
	if r.next() == '"' {
		s := r.str()
		return s, r.err == nil
	}
	start := r.value()
	if r.err != nil || r.s[start] == 'n' {
		return "", false
	}
	return r.s[start:r.i], true
}

// questions reads a list of question objects, a single object, or anything
// else as no questions; list elements that are not objects are skipped.
func (r *reader) questions() []Question {
	var out []Question
	switch r.next() {
	case '{':
		out = make([]Question, 1)
		readObject(r, questionMembers, &out[0])
	case '[':
		r.array(func() {
			if r.next() != '{' {
				r.value()
				return
			}
			out = append(out, Question{})
			readObject(r, questionMembers, &out[len(out)-1])
		})
	default:
		r.value()
	}
	return out
}
