package store

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"donations/api"
)

// donation adds the words of d's search text, made at t when ok. What
// names a donor or a gift keeps nameEnd bytes of each end when long, what
// a donor wrote textEnd (see nameEnd).
func (w *searchWords) donation(d *api.Donation, t time.Time, ok bool) {
	w.add(d.FirstName.Value, nameEnd)
	w.add(d.LastName.Value, nameEnd)
	if !keyedAsFolded(d.Email.Value) {
		w.add(d.Email.Value, nameEnd)
	}
	w.add(d.FormName.Value, nameEnd)
	if !strings.EqualFold(d.CampaignName.Value, d.FormName.Value) {
		w.add(d.CampaignName.Value, nameEnd)
	}
	for _, s := range [...]string{d.City.Value, d.Phone.Value, d.Employer.Value, d.Occupation.Value, d.Designation.Value} {
		w.add(s, nameEnd)
	}
	w.add(d.Comment.Value, textEnd)
	if h := d.Honor; h != nil {
		for _, s := range [...]string{h.TributeType.Value, h.HonoreeName.Value, h.RecipientName.Value} {
			w.add(s, nameEnd)
		}
		w.add(h.RecipientMessage.Value, textEnd)
	}
	for _, q := range d.Questions {
		w.answer(q.Answer)
	}
	w.add(d.Status.Value, nameEnd)
	w.add(d.Amount.Text, nameEnd)
	w.add(d.Currency.Value, nameEnd)
	// The day is one word of digits and dashes, which folds to itself.
	if ok {
		w.buf = t.UTC().AppendFormat(w.space(), "2006-01-02")
	}
}

// keyedAsFolded says whether the e-mail column (emailKey) holds email as
// folding it gives it: one word of ASCII, which folds to its lower case.
// The search text leaves such an e-mail to the column (searched).
func keyedAsFolded(email string) bool {
	key := strings.TrimSpace(email)
	return len(key) <= keyLimit && ascii(key) && !strings.ContainsAny(key, " \t\n\v\f\r")
}

// searched is the text the search index holds of the donation of the
// row r ("new", "old", or the table's own columns for ""): its search
// column, its e-mail column and its id, one space apart: kept in the
// search column too, those two would be held twice over. The id ends it: a search text ends
// with digits (see atTheEnd).
func searched(r string) string {
	if r != "" {
		r += "."
	}
	return r + "search || ' ' || " + r + "email_key || ' ' || " + r + "id"
}

// searchWords is a search text on its way: its words one space apart, one
// space between fields keeping a word from matching across two (words
// hold none; " | " would add trigrams of its own to the index). Each word is
// folded as it is added, the same as folding the whole text
// (TestFoldWordByWordIsFoldOfTheText): joining the fields first, then
// folding, would make a slice, the joined text and the folded one for
// each donation. Its buffer serves one text after another.
type searchWords struct {
	buf     []byte
	raw     bool // add words as they are, unfolded
	words   bool // one was added: a word that folds to nothing is one too
	invalid bool // a word was not UTF-8, which folds apart differently
}

// text is the search column of d, made at t when ok (the caller has read
// the date already): what a quick search matches, folded, but for what the
// columns hold as it would be folded (see searched). The donor (names,
// e-mail, city, phone, employer, occupation), what the gift went to (form,
// campaign, designation), the tribute (its type, honoree, recipient and
// message), what the donor wrote (comment, answers to the form's
// questions), and the status, amount, currency and day (UTC). Every byte of
// it is indexed three times over (trigram), so what no one looks a gift up
// by stays out: addresses, UTM values, the questions themselves, answers
// that are yes, no or a number. It is folded word by word, or as a whole
// when a word is not UTF-8 (the transform reads what follows such bytes by
// what stands before them).
func (w *searchWords) text(d *api.Donation, t time.Time, ok bool) string {
	*w = searchWords{buf: w.buf[:0]}
	w.donation(d, t, ok)
	if !w.invalid {
		return string(w.buf)
	}
	*w = searchWords{buf: w.buf[:0], raw: true}
	w.donation(d, t, ok)
	return Fold(string(w.buf))
}

// space is buf ready for another word.
func (w *searchWords) space() []byte {
	if w.words {
		return append(w.buf, ' ')
	}
	w.words = true
	return w.buf
}

// nameEnd and textEnd: a field longer than twice its end (a very long
// form name, e-mail or message) keeps its first and its last end bytes in
// the search text, as two parts a word does not match across. The search
// column and the index of its trigrams then grow with the fields there
// are, not with their length: kept whole, such fields would make the
// search column as large as the JSON again, and a store in memory
// (--no-cache) grow with their length. A name, an e-mail, a place or a
// status is looked up by what one types of it, its start or its end (an
// e-mail's domain): its ends are nameEnd, which keeps whole every such
// field but a hostile one. What a donor wrote (a comment, a tribute
// message, an answer) is looked up by a word anywhere in it: its ends are
// textEnd. The record keeps every field whole.
const (
	nameEnd = 64
	textEnd = 256
)

// add adds the words of s, of its two ends of end bytes when it is longer
// than both (see nameEnd).
func (w *searchWords) add(s string, end int) {
	if len(s) <= 2*end {
		w.addWords(s)
		return
	}
	head, tail := end, len(s)-end
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	w.addWords(s[:head])
	w.addWords(s[tail:])
}

// addWords adds the words of s.
func (w *searchWords) addWords(s string) {
	for word := range strings.FieldsSeq(s) {
		at := w.space()
		if w.raw {
			w.buf = append(at, word...)
			continue
		}
		out, ok := appendFoldTable(at, word)
		switch {
		case ok:
		case utf8.ValidString(word):
			out = append(at, foldSlow(word)...)
		default:
			w.invalid = true
		}
		w.buf = out
	}
}

// answer adds the text of a form answer: a string, or the strings of a
// list (boxes ticked). true, false and numbers say nothing searched for.
func (w *searchWords) answer(answer json.RawMessage) {
	answer = bytes.TrimSpace(answer)
	if len(answer) == 0 {
		return
	}
	if s, ok := plainString(answer); ok {
		w.add(s, textEnd)
		return
	}
	var one string
	if answer[0] == '"' && json.Unmarshal(answer, &one) == nil {
		w.add(one, textEnd)
		return
	}
	var many []any
	if answer[0] == '[' && json.Unmarshal(answer, &many) == nil {
		for _, v := range many {
			if s, ok := v.(string); ok {
				w.add(s, textEnd)
			}
		}
	}
}

// plainString is the JSON string j when it holds no escape (nor anything
// json.Unmarshal would refuse or replace): most answers, read without
// the decoder, which would be most of what an answer costs.
func plainString(j []byte) (string, bool) {
	if len(j) < 2 || j[0] != '"' || j[len(j)-1] != '"' {
		return "", false
	}
	in := j[1 : len(j)-1]
	for _, c := range in {
		if c == '"' || c == '\\' || c < 0x20 {
			return "", false
		}
	}
	if !utf8.Valid(in) {
		return "", false
	}
	return string(in), true
}
