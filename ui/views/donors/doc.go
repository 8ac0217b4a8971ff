// Package donors is the donor view (d): the donors of what the list shows,
// grouped by e-mail and added up by the rule the footer counts by, a page
// at a time from the store, off the event loop. Enter lists a donor's gifts
// and a switches what counts, both by posting requests to the root.
package donors
