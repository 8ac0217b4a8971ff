package main

// offlineAnswers are the offline commands whose answers a store written by
// an earlier version must give again once this one has rebuilt it.
var offlineAnswers = []struct {
	name string
	args []string
}{
	{"list", []string{"list", "--format", "ndjson"}},
	{"summary-form", []string{"summary", "--by", "form", "--format", "json"}},
	{"summary-donor", []string{"summary", "--by", "donor", "--format", "json"}},
	{"summary-month", []string{"summary", "--by", "month", "--format", "json"}},
	{"report-lybunt", []string{"report", "lybunt"}},
	{"report-sybunt", []string{"report", "sybunt"}},
	{"report-retention", []string{"report", "retention"}},
	{"report-recurring", []string{"report", "recurring"}},
	{"report-yoy", []string{"report", "yoy"}},
	{"report-ranges", []string{"report", "ranges"}},
}
