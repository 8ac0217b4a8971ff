package uictx

// Smallest terminal the screen is drawn in; below it the UI says so.
const (
	MinWidth   = 60
	MinHeight  = 12
	wideWidth  = 120 // from here the detail pane sits beside the list
	roomyWidth = 160 // from here the list beside the pane has room for the id and form
)

// Layout is the screen cut into regions, computed in one place whenever the
// size or the search bar changes; View, mouse hit-testing and scrolling all
// read it. Every width is in terminal cells.
//
//	line 0          header
//	line 1          search bar (when shown)
//	ListTop..       list (column titles, then rows), detail pane beside it when wide
//	Height-3        message line
//	Height-2        totals
//	Height-1        key line
//
// Full-screen views (raw, filter form, help) use everything under the header.
type Layout struct {
	Width, Height int
	TooSmall      bool
	SearchBar     bool // the quick-search line sits under the header
	Wide          bool // the detail pane sits beside the list

	ListTop    int // screen line of the list's column titles
	ListWidth  int
	ListHeight int // column titles included

	PaneWidth, PaneHeight int // the detail pane: beside the list, or its whole body
	ScreenHeight          int // a full-screen view's body: everything under the header
	TextHeight            int // a scrolled text above a message or key line
}

// Lines the list screen keeps besides the list: header, message, totals, keys.
const listChrome = 4

// hidePane keeps the list full width on a wide screen (the v key).
func NewLayout(w, h int, searchBar, hidePane bool) Layout {
	l := Layout{Width: w, Height: h, TooSmall: w < MinWidth || h < MinHeight, SearchBar: searchBar, Wide: w >= wideWidth && !hidePane}
	l.ListTop = 1
	if searchBar {
		l.ListTop++
	}
	l.ListHeight = max(h-listChrome-(l.ListTop-1), 1)
	l.ListWidth = w
	l.ScreenHeight = max(h-1, 1)
	l.TextHeight = max(h-3, 1)
	l.PaneWidth, l.PaneHeight = w, l.TextHeight
	if l.Wide {
		l.ListWidth = w * 3 / 5 // at 120: date, donor, e-mail, amount and status
		if w >= roomyWidth {
			l.ListWidth = w * 5 / 8
		}
		l.PaneWidth, l.PaneHeight = w-l.ListWidth-2, l.ListHeight // a space and the bar between
	}
	return l
}

// InList says whether screen cell (x, y) is on a row of the list, and which
// line of the rows it is.
func (l Layout) InList(x, y int) (line int, ok bool) {
	top := l.ListTop + 1 // below the column titles
	if x >= l.ListWidth || y < top || y >= l.ListTop+l.ListHeight {
		return 0, false
	}
	return y - top, true
}

// InPane says whether screen column x is on the detail pane beside the list.
func (l Layout) InPane(x int) bool { return l.Wide && x > l.ListWidth }
