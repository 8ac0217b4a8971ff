package export_test

import (
	"bytes"
	"strings"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/export"
)

// The json and ndjson writers write a record handed over as bytes exactly
// as they write the donation decoded from it, indented or not.
func TestRawWritersWriteWhatWriteDoes(t *testing.T) {
	records := apitest.Every(t, demoClient(t, 30))
	records = append(records, decode(t, hostile))
	for _, format := range []string{"json", "ndjson"} {
		t.Run(format, func(t *testing.T) {
			var decoded, raw bytes.Buffer
			dw, _ := export.New(format, &decoded, 0)
			w, _ := export.New(format, &raw, 0)
			rw, ok := w.(export.RawWriter)
			if !ok {
				t.Fatalf("the %s writer takes no raw records", format)
			}
			for i := range records {
				if err := dw.Write(&records[i]); err != nil {
					t.Fatal(err)
				}
				if err := rw.WriteRaw(records[i].Raw); err != nil {
					t.Fatal(err)
				}
			}
			dw.Close()
			rw.Close()
			if decoded.Len() == 0 || !bytes.Equal(raw.Bytes(), decoded.Bytes()) {
				t.Errorf("from the bytes:\n%s\nfrom the donations:\n%s", raw.Bytes(), decoded.Bytes())
			}
		})
	}
}

// A donation built without its record cannot be written as received: the
// error names it.
func TestRawWritersRefuseADonationWithNoRecord(t *testing.T) {
	for _, format := range []string{"json", "ndjson"} {
		w, _ := export.New(format, new(bytes.Buffer), 0)
		if err := w.Write(&api.Donation{ID: api.Int{Value: 9071, Valid: true}}); err == nil || !strings.Contains(err.Error(), "9071") {
			t.Errorf("%s: %v, want an error naming donation 9071", format, err)
		}
	}
}
