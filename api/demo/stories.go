package demo

import (
	"strings"
	"time"
)

// A story is a donor whose gifts show what a fundraising report is for, or
// a case support staff meet: giving monthly and stopping, lapsing and coming
// back, a major gift, a gift in memory of someone with a message. Random
// data shows none of these clearly, so they are written out here.
type story struct {
	first, last, email, address, city, state, postcode, country, tz string
	gifts                                                           []storyGift
}

type storyGift struct {
	on        time.Time
	cents     int64 // in USD
	form      string
	recurring bool
	answer    string // to "Why do you give?", in the donor's language
	honor     *Honor
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 12, 0, 0, 0, time.UTC) }

// monthly is a gift of cents on the 15th of each month from..to.
func monthly(from, to time.Time, cents int64, answer string) []storyGift {
	var out []storyGift
	for t := from; !t.After(to); t = t.AddDate(0, 1, 0) {
		out = append(out, storyGift{on: t, cents: cents, form: "Monthly Giving", recurring: true, answer: answer})
		answer = "" // asked on the first gift only
	}
	return out
}

// stories are documented in the README; their donors come after every
// random one, so the random draws do not move.
var stories = []story{
	{"Grace", "Okafor", "grace.okafor@example.com", "18 Cedar Lane", "Portland", "OR", "97201", "United States", "America/Los_Angeles",
		monthly(day(2024, 1, 15), day(2025, 6, 15), 2500, "Because every month counts.")}, // gives monthly, then stops
	{"Tomás", "Herrera", "tomas.herrera@example.es", "Calle Mayor 12", "Madrid", "Madrid", "28013", "Spain", "Europe/Madrid",
		[]storyGift{ // gives each Giving Tuesday, lapses through 2025, comes back in 2026
			{on: day(2023, 11, 28), cents: 10000, form: "Giving Tuesday", answer: "Porque mi abuela recibió vuestra ayuda."},
			{on: day(2024, 12, 3), cents: 15000, form: "Giving Tuesday Match"},
			{on: day(2026, 5, 20), cents: 20000, form: "Spring Appeal", answer: "Vuelvo a ayudar: ¡gracias por seguir ahí!"},
			{on: day(2026, 9, 10), cents: 10000, form: "Annual Fund 2025"},
		}},
	{"ليلى", "حداد", "layla.haddad@example.org", "شارع الملكة رانيا 40", "عمّان", "عمّان", "11181", "الأردن", "Asia/Amman",
		append(monthly(day(2024, 3, 15), day(2024, 8, 15), 5000, "لأن التعليم حق للجميع."), // lapses, then returns
			storyGift{on: day(2026, 3, 2), cents: 30000, form: "Scholarship Fund"})},
	{"Harold", "Whitfield", "harold.whitfield@example.com", "1 Lincoln Blvd", "Boston", "MA", "02108", "United States", "America/New_York",
		[]storyGift{ // major gifts
			{on: day(2024, 12, 20), cents: 2_500_000, form: "Annual Fund 2025"},
			{on: day(2025, 12, 18), cents: 5_000_000, form: "Scholarship Fund", answer: "In thanks for the scholarship that sent me to college."},
		}},
	{"Ruth", "Hale", "ruth.hale@example.com", "77 Elm Drive", "Springfield", "IL", "62704", "United States", "America/Chicago",
		[]storyGift{{on: day(2025, 2, 10), cents: 50000, form: "In Memory & In Honor", answer: "For Mum.",
			honor: &Honor{HonoreeName: "Margaret Hale", TributeType: "memory", NotificationPreference: "email",
				RecipientName: "Daniel Hale", RecipientEmail: "daniel.hale@example.com", RecipientCountry: "United States",
				RecipientMessage: "Mum loved your reading programme and volunteered there for twenty years.\nThis gift is in her memory. With love, Ruth"}}}},
	{"健二", "渡辺", "kenji.watanabe@example.jp", "中央区銀座4-2", "東京", "東京都", "1040061", "日本", "Asia/Tokyo",
		[]storyGift{{on: day(2025, 8, 1), cents: 3000, form: "Emergency Relief — Floods", answer: "被災された方々のために。"}}},
}

// storiesFrom is the smallest data set the stories are told in, the
// default one: there a gift lands within hours of its day. The smaller
// sets tests and golden screens use stay as they were.
const storiesFrom = 5000

// tell lays the stories onto the data set: each gift takes the donation
// dated nearest its day that no documented persona made.
func (d *dataset) tell() {
	if len(d.entries) < storiesFrom {
		return
	}
	d.told = map[int]storyGift{}
	for _, s := range stories {
		j := int32(len(d.donors))
		d.donors = append(d.donors, storyDonor(s))
		for _, g := range s.gifts {
			i := min(max(int(g.on.AddDate(d.years, 0, 0).Sub(d.start)/d.step), 0), len(d.entries)-1)
			for ; i < len(d.entries)-1; i++ {
				if _, taken := d.told[i]; !taken && int(d.entries[i].donor) >= len(personas) {
					break
				}
			}
			d.told[i] = g
			d.entries[i].donor, d.entries[i].form = j, formIndex(g.form)
		}
	}
}

func storyDonor(s story) donor {
	dn := donor{first: s.first, last: s.last, email: s.email, address: s.address, city: s.city,
		state: s.state, postcode: s.postcode, country: s.country, tz: s.tz}
	dn.emailFold, dn.firstFold, dn.lastFold = strings.ToLower(dn.email), strings.ToLower(dn.first), strings.ToLower(dn.last)
	return dn
}

func formIndex(name string) uint8 {
	for k, f := range forms {
		if f.name == name {
			return uint8(k)
		}
	}
	return 0
}

// retell gives a story's gift its amount, its form's questions and its
// tribute, over what was drawn for the donation it took.
func retell(g storyGift, rec *Record) {
	rec.Anonymous, rec.Recurring = false, g.recurring
	rec.Questions = []Question{ask("check", "Add me to the newsletter", true)}
	if g.answer != "" {
		rec.Questions = append(rec.Questions, ask("text", "Why do you give?", g.answer))
	}
	if g.honor != nil {
		h := *g.honor
		rec.DonationHonor = &h
	}
}
