package store

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"donations/api"
)

// searchText is the search column of d: what a quick search matches,
// folded. The donor (names, e-mail, city, phone, employer, occupation),
// what the gift went to (form, campaign, designation), the tribute (its
// type, honoree, recipient and message), what the donor wrote (comment,
// answers to the form's questions), and the status, amount, currency, day
// (UTC) and id. Every byte of it is indexed three times over (trigram), so
// what no one looks a gift up by stays out: addresses, UTM values, the
// questions themselves, answers that are yes, no or a number.
func searchText(d *api.Donation) string {
	day := ""
	if t, ok := api.Time(d.DonationDate); ok {
		day = t.UTC().Format("2006-01-02")
	}
	parts := []string{d.FirstName.Value + " " + d.LastName.Value, d.Email.Value, d.FormName.Value}
	if !strings.EqualFold(d.CampaignName.Value, d.FormName.Value) {
		parts = append(parts, d.CampaignName.Value)
	}
	parts = append(parts, d.City.Value, d.Phone.Value, d.Employer.Value, d.Occupation.Value,
		d.Designation.Value, d.Comment.Value)
	if h := d.Honor; h != nil {
		parts = append(parts, h.TributeType.Value, h.HonoreeName.Value, h.RecipientName.Value, h.RecipientMessage.Value)
	}
	for _, q := range d.Questions {
		parts = appendAnswer(parts, q.Answer)
	}
	parts = append(parts, d.Status.Value, d.Amount.Text, d.Currency.Value, day, strconv.FormatInt(d.ID.Value, 10))
	// One space between fields is enough to keep a word from matching
	// across two (words hold none); " | " added a sixth to the trigram index.
	// Word by word into one builder: joining each part's words first
	// made two slices and a string for each of its dozen parts.
	var b strings.Builder
	for _, p := range parts {
		for w := range strings.FieldsSeq(p) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(w)
		}
	}
	return Fold(b.String())
}

// appendAnswer adds the text of a form answer: a string, or the strings of
// a list (boxes ticked). true, false and numbers say nothing searched for.
func appendAnswer(parts []string, answer json.RawMessage) []string {
	answer = bytes.TrimSpace(answer)
	if len(answer) == 0 {
		return parts
	}
	var one string
	if answer[0] == '"' && json.Unmarshal(answer, &one) == nil {
		return append(parts, one)
	}
	var many []any
	if answer[0] == '[' && json.Unmarshal(answer, &many) == nil {
		for _, v := range many {
			if s, ok := v.(string); ok {
				parts = append(parts, s)
			}
		}
	}
	return parts
}
