package uictx

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// ViewID names a child; each view's package declares its own.
type ViewID string

// Place is where a child is drawn while it has the keys.
type Place int

const (
	// placeMessage: the list screen stays; the child's View is the message line
	// (the copy and export prompts).
	PlaceMessage Place = iota
	// placeBar: the list screen stays; the child's View is the line under the
	// header (the quick-search bar).
	PlaceBar
	// placePane: the child's View is the detail pane, beside the list when the
	// screen is wide, or the whole body above the message line when not.
	PlacePane
	// placeScreen: the child's View is everything under the header (raw JSON,
	// filter form, help).
	PlaceScreen
)

// A Child is one view of the browser. The root gives the keys to one child
// at a time; every child reads the shared *Context and, if it shows data,
// the walk, and asks the root to move the keys through a navigator.
type Child interface {
	// OpenKey is the list key that gives this child the keys; a binding with
	// no keys when only another child opens it.
	OpenKey() key.Binding
	// Open is called as the child takes the keys; false refuses, as the
	// detail does when no row is selected.
	Open() (tea.Cmd, bool)
	// Update handles keys and the mouse while the child has the keys, and
	// every other message (its own replies, cursor blinks) whoever has them;
	// a child ignores what is not its own.
	Update(msg tea.Msg) tea.Cmd
	// View draws the child in its place of ctx.Layout.
	View() string
	Place() Place
	// ShortHelp is the child's key line, drawn from its bindings.
	ShortHelp() []key.Binding
}

// Navigator is how a child moves the keys: the root implements it.
type Navigator interface {
	Open(id ViewID) tea.Cmd // give the keys to a child by name
	Back()                  // give the keys back to the list
	BackToOpener()          // give them back to the child that opened this one
	Quit() tea.Cmd
	SwitchView(next bool) tea.Cmd // to the next or previous saved view
}

// None is a binding for a child no list key opens.
var None = key.NewBinding(key.WithDisabled())

// Rereader is a view that adds up the store by itself: while it has the
// keys, a sync or a walk that stores more, or the switch of what counts,
// has it read again, so its numbers never lag behind its label (which
// stops saying "partial" when the sync ends).
type Rereader interface{ Reread() tea.Cmd }

// Helped is a view the ? screen explains: opened from it, the screen shows
// its keys first, then the keys that work everywhere, and Esc gives the
// keys back to it as it was.
type Helped interface {
	// HelpTitle names the view, or the page of it, over its keys.
	HelpTitle() string
	// FullHelp is every key of the view, in groups.
	FullHelp() [][]key.Binding
}

// Typing is a view that may have a text field focused (the raw view's
// search): while it does, ? is a character typed, not the help.
type Typing interface{ Typing() bool }
