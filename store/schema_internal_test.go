package store

import (
	"strings"
	"testing"
)

// version11Donations is the donations table exactly as schemas 10 and 11
// made it:
// stores on disk hold this text, and checkSchema compares it (white space
// aside) with what schemaAt(11) makes before they are upgraded.
const version11Donations = `CREATE TABLE donations (
		id INTEGER PRIMARY KEY,
		date_utc INTEGER, day TEXT,
		amount TEXT, amount_e4 INTEGER, amount_e4f REAL, currency TEXT,
		converted_amount TEXT, converted_e4 INTEGER, converted_e4f REAL, converted_currency TEXT,
		status_key TEXT,
		first_name TEXT, last_name TEXT, name_key TEXT,
		email_key TEXT NOT NULL DEFAULT '',
		form_name TEXT, payment_type TEXT,
		recurring INTEGER NOT NULL DEFAULT 0, anonymous INTEGER NOT NULL DEFAULT 0,
		tribute INTEGER NOT NULL DEFAULT 0,
		search TEXT NOT NULL DEFAULT '')`

// A store of schema 11 is recognised as one (its table, as that version
// wrote it), and the columns added to it make the table a new store has:
// the tests that make older stores take columns out of a new one, which
// would hide a difference in the text alone ("(id" for "( id").
func TestOlderTablesAreAsThoseVersionsMadeThem(t *testing.T) {
	fields := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if got := fields(donationsTable(11)); got != fields(version11Donations) {
		t.Errorf("schema 11's table is made as\n%s\nnot as it was\n%s", got, fields(version11Donations))
	}
	upgraded := []string{version11Donations}
	for v := 11; v < schemaVersion; v++ {
		upgraded = append(upgraded, addColumns(v)...)
	}
	old, err := madeOf(upgraded)
	if err != nil {
		t.Fatal(err)
	}
	now, err := madeOf([]string{donationsTable(schemaVersion)})
	if err != nil {
		t.Fatal(err)
	}
	if old["donations"].sql != now["donations"].sql {
		t.Errorf("schema 11's table upgraded is\n%s\nnot a new store's\n%s", old["donations"].sql, now["donations"].sql)
	}
}
