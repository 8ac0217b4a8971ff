// Package insights is the insights view (i): what the list shows added up
// by the rule the footer counts by (bars by period, break-downs, the top
// donors, shares and middle), and after it, as pages tab turns, the
// fundraising reports `donations report` makes (pages.go), each read off
// the event loop from the store through uictx.Data. The key a switches
// what counts by posting a request to the root.
package insights
