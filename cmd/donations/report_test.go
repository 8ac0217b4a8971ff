package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/textsafe"
)

// reportGift is one counted gift of the export, as the reports take it,
// worked out here from the NDJSON alone.
type reportGift struct {
	email, day string
	at         time.Time
	fy         int
	cur        string
	amount     api.Decimal
	recurring  bool
	every      string // the plan's interval as sent
}

// reportModel is every counted (paid) gift of an export, by donor, with
// the currency most of them are in.
// yearName is year y as a report writes it: FY2026 where years start
// later than January.
func (m reportModel) yearName(y int) string {
	if m.fs > 1 {
		return fmt.Sprintf("FY%d", y)
	}
	return fmt.Sprint(y)
}

type reportModel struct {
	year, fs int
	byDonor  map[string][]reportGift
	gifts    []reportGift
	cur      string
	// narrowed is a model of some of the account's gifts (a form, a
	// campaign): what they hold is not the variety the checks of the
	// whole account make sure they are tested on.
	narrowed bool
	// plans are the server's plans that the gifts name (every plan, for
	// the whole account), as the plans command lists them; none where the
	// server has no plans. planCur is the currency of each plan's newest
	// gift, of any status.
	plans   []api.Plan
	planCur map[int64]string
}

func newReportModel(all []api.Donation, year, fs int) reportModel {
	m := reportModel{year: year, fs: fs, byDonor: map[string][]reportGift{}, planCur: map[int64]string{}}
	counts := map[string]int{}
	newest := map[int64]time.Time{}
	for _, d := range all {
		if t, ok := api.Time(d.DonationDate); ok && d.PlanID.Valid && !t.Before(newest[d.PlanID.Value]) {
			newest[d.PlanID.Value], m.planCur[d.PlanID.Value] = t, strings.ToUpper(d.Currency.Value)
		}
		t, ok := api.Time(d.DonationDate)
		if !ok || strings.ToLower(d.Status.Value) != "paid" {
			continue
		}
		t = t.In(time.Local)
		g := reportGift{email: strings.ToLower(strings.TrimSpace(d.Email.Value)), day: t.Format(time.DateOnly), at: t,
			fy: t.Year(), recurring: d.Recurring.Value, every: d.Interval.Value}
		if fs > 1 && int(t.Month()) >= fs {
			g.fy++
		}
		if g.fy > year {
			continue
		}
		g.cur, g.amount = paidLessRefunded(d)
		counts[g.cur]++
		m.gifts = append(m.gifts, g)
		if g.email != "" {
			m.byDonor[g.email] = append(m.byDonor[g.email], g)
		}
	}
	for cur, n := range counts {
		if m.cur == "" || n > counts[m.cur] || n == counts[m.cur] && cur < m.cur {
			m.cur = cur
		}
	}
	return m
}

// paidLessRefunded is the currency and the amount a report counts of d:
// converted where it was, less the part refunded (amount_refunded is in
// the gift's own currency: converted, the same share of the converted
// amount, to the cent).
func paidLessRefunded(d api.Donation) (string, api.Decimal) {
	own, _ := d.Amount.Decimal()
	a4, _ := own.Scaled(4)
	refund, _ := d.AmountRefunded.Decimal()
	r4, _ := refund.Scaled(4)
	r4 = max(min(r4, a4), 0)
	if v, ok := d.ConvertedAmount.Decimal(); ok && d.ConvertedCurrency.Value != "" {
		c4, _ := v.Scaled(4)
		if r4 > 0 {
			v = v.Sub(api.ScaledDecimal(int64(math.Round(float64(c4)*float64(r4)/float64(a4)/100)), 2))
		}
		return strings.ToUpper(d.ConvertedCurrency.Value), v
	}
	return strings.ToUpper(d.Currency.Value), own.Sub(api.ScaledDecimal(r4, 4))
}

// sum is what gifts add up to in the model's currency in fiscal year fy
// (0: every year), and how many there are.
func (m reportModel) sum(gifts []reportGift, fy int) (api.Decimal, int) {
	var s api.Decimal
	n := 0
	for _, g := range gifts {
		if fy == 0 || g.fy == fy {
			n++
			if g.cur == m.cur {
				s = s.Add(g.amount)
			}
		}
	}
	return s, n
}

func (m reportModel) gave(gifts []reportGift, in func(fy int) bool) bool {
	return slices.ContainsFunc(gifts, func(g reportGift) bool { return in(g.fy) })
}

// The reports' figures are those worked out here from the NDJSON export
// of the same data, online and offline, for calendar and fiscal years.
// The race pass (-short) takes Donorbox's shape alone (RacedShapes): the
// spec's runs the same goroutines over other data.
func TestReportsAddUpAsTheExport(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			t.Parallel()
			reportsAddUpAsTheExport(t, sh)
		})
	}
}

// reportsAddUpAsTheExport is TestReportsAddUpAsTheExport in one shape: the
// Donorbox shape's gifts are refunded in part, and the old ones have no
// conversion.
func reportsAddUpAsTheExport(t *testing.T, sh apitest.Shape) {
	// 300 gifts hold some of every kind each report checks, in each of
	// the three years below, and more are only more of the same kinds:
	// each online report reads every gift again, so the size is paid
	// some forty times. A check whose kind an account lacks (no lapsed or
	// stopped donor, no gift refunded in part) fails: a size too small
	// cannot pass unchecked. Both passes read the same account.
	const count = 300
	_, env, account := shapedAccount(t, sh.Of(demo.Options{Count: count}))
	all := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout)
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if sh.Name == demo.ShapeDonorbox && !slices.ContainsFunc(all, partlyRefunded) {
		t.Fatal("no gift is refunded in part: the refunds are not tested")
	}
	periods := []struct {
		name     string
		year, fs int
	}{{"calendar", 2026, 0}, {"fiscal from July", 2026, 7}, {"a past year", 2025, 0}}
	if testing.Short() {
		// A year is arithmetic in the reports' SQL, on one goroutine: the
		// first pass checks every year, and the race pass (-short), which
		// needs each concurrent path run once, not each year of it, takes
		// the first.
		periods = periods[:1]
	}
	for _, years := range periods {
		m := newReportModel(all, years.year, years.fs)
		m.plans = plansNamed(t, env, account, m.planCur, false)
		for _, c := range reportChecks {
			for _, mode := range []string{"online", "offline"} {
				if mode == "online" && testing.Short() && !slices.Contains(raceOnline, c.report) {
					continue
				}
				t.Run(years.name+"/"+c.report+"/"+mode, func(t *testing.T) {
					args := slices.Concat([]string{"report"}, strings.Fields(c.report), []string{"--format", "json", "--year", fmt.Sprint(years.year)}, account)
					if years.fs > 0 {
						args = append(args, "--fiscal-start", fmt.Sprint(years.fs))
					}
					if mode == "offline" {
						args = append(args, "--offline")
					}
					r := runCmd(t, env, args...)
					c.check(t, m, reportRows(t, r))
					checkGiftsRead(t, m, r.stderr)
				})
			}
		}
	}
	if !testing.Short() {
		// A narrowed report is an offline one with a filter in its SQL:
		// the race pass (-short) runs every report offline above, and the
		// first pass checks the narrowings.
		reportsNarrowedAddUp(t, env, account, all)
	}
}

// raceOnline are the reports the race pass (-short) runs online as well
// as offline. Every report online reads the pages into a store in memory
// the same way, and then runs the same report code as over the synced
// store, which the race pass runs for every report: one report that reads
// the gifts alone, and recurring, which reads the plans too, take each of
// those concurrent paths once. The first pass runs every report online.
var raceOnline = []string{"lybunt", "recurring"}

// reportChecks are the reports and how each is checked against the model.
var reportChecks = []struct {
	report string
	check  func(t *testing.T, m reportModel, rows []map[string]any)
}{
	{"lybunt", func(t *testing.T, m reportModel, rows []map[string]any) {
		checkLapsed(t, m, rows, func(last int) bool { return last == m.year-1 }, "last_year_total")
	}},
	{"sybunt", func(t *testing.T, m reportModel, rows []map[string]any) {
		checkLapsed(t, m, rows, func(last int) bool { return last < m.year-1 }, "lifetime")
	}},
	// NPSP's rule: any year before this one, LYBUNT's donors too.
	{"sybunt --include-lybunt", func(t *testing.T, m reportModel, rows []map[string]any) {
		checkLapsed(t, m, rows, func(last int) bool { return last < m.year }, "lifetime")
	}},
	{"retention", checkRetention},
	{"yoy", checkYearOverYear},
	{"ranges", checkRanges},
	{"recurring", checkRecurring},
}

// reportRows are a report's JSON rows, after checking it ran and said
// what it counted.
func reportRows(t *testing.T, r result) []map[string]any {
	t.Helper()
	var rows []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &rows); r.code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s", r.code, err, r.stderr)
	}
	if !strings.Contains(r.stderr, "paid gifts only") {
		t.Errorf("the report does not say what it counted: %s", r.stderr)
	}
	return rows
}

// checkGiftsRead checks the count of gifts the notes give: every counted
// gift up to the end of the year, and said to be that, not the report's
// own (a yoy or ranges table adds up to fewer).
func checkGiftsRead(t *testing.T, m reportModel, notes string) {
	t.Helper()
	want := textsafe.Count(len(m.gifts), "gift") + " through " + m.yearName(m.year)
	if !strings.Contains(notes, want) {
		t.Errorf("the notes do not say %q:\n%s", want, notes)
	}
}

// checkLapsed checks LYBUNT or SYBUNT: exactly the donors whose last year
// of giving lapsed says, with their sums, ordered by the column by.
func checkLapsed(t *testing.T, m reportModel, rows []map[string]any, lapsed func(last int) bool, by string) {
	want := map[string]bool{}
	for email, gifts := range m.byDonor {
		last := slices.MaxFunc(gifts, func(a, b reportGift) int { return a.fy - b.fy }).fy
		if lapsed(last) {
			want[email] = true
		}
	}
	if len(rows) != len(want) || len(want) == 0 {
		t.Fatalf("%d donors, want %d", len(rows), len(want))
	}
	prev := ""
	for i, r := range rows {
		email, _ := r["email"].(string)
		gifts := m.byDonor[email]
		if !want[email] {
			t.Fatalf("%s is not lapsed", email)
		}
		newest := slices.MaxFunc(gifts, func(a, b reportGift) int { return a.at.Compare(b.at) })
		life, n := m.sum(gifts, 0)
		year, _ := m.sum(gifts, newest.fy)
		got := fmt.Sprintln(r["last_gift"], r["last_year"], r["last_year_total"], r["lifetime"], r["gifts"])
		if w := fmt.Sprintln(newest.day, m.yearName(newest.fy), year, life, n); got != w {
			t.Errorf("%s: %s, want %s", email, got, w)
		}
		if v := r[by].(string); i > 0 && decimal(t, v).Compare(decimal(t, prev)) > 0 {
			t.Errorf("row %d: %s %s after %s: not the largest first", i, by, v, prev)
		}
		prev = r[by].(string)
	}
}

func decimal(t *testing.T, s string) api.Decimal {
	t.Helper()
	d, err := api.ParseDecimal(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func partlyRefunded(d api.Donation) bool {
	r, _ := d.AmountRefunded.Decimal()
	return d.Status.Value == "paid" && r.Compare(api.Decimal{}) > 0
}

// report recurring's table opens with its title, then where its plans
// come from (guessed from the gifts: the spec's server has no plans) and
// its figures (the active donors and their monthly value), before its
// rows: the stopped donors are under a title. In csv and json, stdout is
// the rows alone and the source and figures lead stderr.
func TestRecurringSaysItsFiguresFirst(t *testing.T) {
	t.Parallel()
	// Where the figures and the rows are is the same over any account: 300
	// gifts give it both.
	const figures = "recurring donors active: "
	const source = "guessed from the gifts' intervals: this server has no plans"
	r := runCmd(t, nil, "report", "recurring", "--demo", "--demo-count", "300", "--format", "table")
	lines := strings.Split(r.stdout, "\n")
	if r.code != 0 || len(lines) < 4 {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.HasPrefix(lines[0], "Recurring · donors who stopped in ") || lines[1] != source || !strings.HasPrefix(lines[2], figures) ||
		!strings.Contains(lines[2], " a month") || !strings.HasPrefix(lines[3], "E-MAIL") {
		t.Errorf("the table does not open with its title, then its source and figures, then its columns:\n%s", strings.Join(lines[:4], "\n"))
	}
	if strings.Count(r.stdout, figures) != 1 {
		t.Errorf("the figures are said %d times in the table, want once", strings.Count(r.stdout, figures))
	}
	formats := []string{"csv", "json"}
	if testing.Short() {
		formats = formats[:1] // json's stderr is csv's, over the same goroutines
	}
	for _, format := range formats {
		r := runCmd(t, nil, "report", "recurring", "--demo", "--demo-count", "300", "--format", format)
		if r.code != 0 || strings.Contains(r.stdout, figures) ||
			!strings.HasPrefix(r.stderr, "donations report: "+source+"\ndonations report: "+figures) {
			t.Errorf("%s: exit %d; the figures must lead stderr, not stdout:\nstderr: %s", format, r.code, r.stderr)
		}
	}
}

// plansNamed are the plans the store of account holds, as the plans
// command lists them, those named by a gift planCur has where narrowed;
// none where the server has no plans.
func plansNamed(t *testing.T, env map[string]string, account []string, planCur map[int64]string, narrowed bool) []api.Plan {
	t.Helper()
	r := runCmd(t, env, append([]string{"plans", "--format", "ndjson", "--offline"}, account...)...)
	if r.code != 0 {
		t.Fatalf("plans: exit %d: %s", r.code, r.stderr)
	}
	var out []api.Plan
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if line == "" {
			continue
		}
		p, err := api.DecodeKindRecord[api.Plan]([]byte(line))
		if err != nil {
			t.Fatalf("not a plan: %q", line)
		}
		if _, named := planCur[p.ID.Value]; named || !narrowed {
			out = append(out, p)
		}
	}
	return out
}
