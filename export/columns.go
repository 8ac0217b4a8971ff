// Package export writes donations in the formats other programs read: NDJSON
// and JSON carry each record exactly as the server sent it; CSV flattens it
// under the API's own field names; the table is for people at a terminal.
package export

import (
	"strconv"
	"strings"

	"donations/api"
)

type column struct {
	name  string
	value func(d *api.Donation) string
}

// cell is a field's CSV text: the value as received, "" when missing.
func cell(p any) string {
	switch v := p.(type) {
	case *api.Text:
		return v.Value
	case *api.Number:
		return v.Text
	case *api.Int:
		if v.Valid {
			return strconv.FormatInt(v.Value, 10)
		}
	case *api.Flag:
		if v.Valid {
			return strconv.FormatBool(v.Value)
		}
	case *[]api.Question:
		return QuestionsCell(*v)
	}
	return ""
}

// QuestionsCell is the CSV rule for the questions list: each question as
// "question: answer", joined by "; ". A string answer is written as is, any
// other answer as its JSON text (true, 3, ["a","b"]). A question with no text
// is named by its type ("check: false"), or "question" when it has neither,
// so no cell starts with ": ".
func QuestionsCell(qs []api.Question) string {
	parts := make([]string, 0, len(qs))
	for _, q := range qs {
		ans := string(q.Answer)
		if len(ans) > 0 && ans[0] == '"' {
			ans = AnswerText(q.Answer)
		}
		parts = append(parts, questionName(q)+": "+ans)
	}
	return strings.Join(parts, "; ")
}

// columns are the CSV columns, from the field table in the spec's order;
// donation_honor's fields become donation_honor.<field> columns.
var columns = func() []column {
	var cols []column
	for i := range api.Fields {
		f := &api.Fields[i]
		if _, ok := f.At(&api.Donation{}).(**api.Honor); ok {
			for j := range api.HonorFields {
				h := &api.HonorFields[j]
				cols = append(cols, column{f.Name + "." + h.Name, func(d *api.Donation) string {
					if d.Honor == nil {
						return ""
					}
					return h.At(d.Honor).Value
				}})
			}
			continue
		}
		cols = append(cols, column{f.Name, func(d *api.Donation) string { return cell(f.At(d)) }})
	}
	return cols
}()

// CSVHeader is the header row of the CSV format.
func CSVHeader() []string {
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = c.name
	}
	return out
}

func questionName(q api.Question) string {
	for _, name := range []string{q.Question.Value, q.Type.Value} {
		if strings.TrimSpace(name) != "" {
			return name
		}
	}
	return "question"
}
