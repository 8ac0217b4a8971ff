package apitest

import "donations/api/demo"

// Shape is one of the shapes the demo serves, with what a test may need to
// know of it. Tests that must hold against both range over Shapes:
//
//	for _, sh := range apitest.Shapes {
//		t.Run(sh.Name, func(t *testing.T) {
//			srv := httptest.NewServer(demo.New(sh.Of(demo.Options{Count: 300})))
//			...
//		})
//	}
//
// Ids differ between shapes (the Donorbox shape's have eight digits):
// take them from the server's Match, never from a literal.
type Shape struct {
	Name        string
	PerPage     int  // the page size served without per_page
	NewestFirst bool // the order served without order=
}

// Shapes are the demo's shapes, the spec's first.
var Shapes = []Shape{
	{Name: demo.ShapeSpec, PerPage: 100},
	{Name: demo.ShapeDonorbox, PerPage: 50, NewestFirst: true},
}

// Of is o served in the shape.
func (s Shape) Of(o demo.Options) demo.Options {
	o.Shape = s.Name
	return o
}
