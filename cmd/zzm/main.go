package main

import (
	"context"
	"fmt"
	"time"

	"donations/store"
)

func main() {
	ctx := context.Background()
	st, err := store.Open(ctx, "/tmp/donations-1m.db")
	if err != nil {
		panic(err)
	}
	for range 2 {
		for _, by := range []string{"month", "form", "status", "currency", "payment_type", "recurring"} {
			t := time.Now()
			g, _ := st.Groups(ctx, store.Filter{}, []string{by}, time.Local)
			fmt.Println(by, len(g), time.Since(t))
		}
		t := time.Now()
		st.Donors(ctx, store.Filter{}, "total", true, 0, 10)
		fmt.Println("top", time.Since(t))
	}
}
