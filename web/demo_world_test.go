package web_test

import (
	"context"
	"testing"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
)

// newDemoApp starts the web app on a database of its own holding the demo (demo.Seed). The
// demo is seeded once per test run and cloned for each test (storetest.NewSeededStore):
// seeding it through the services takes seconds under the race detector, a clone
// milliseconds.
func newDemoApp(t *testing.T) *testApp {
	t.Helper()
	st := storetest.NewSeededStore(t, "demo", func(ctx context.Context, st *store.Store) error {
		_, err := demo.Seed(ctx, st)
		return err
	})
	return newTestAppOn(t, st, web.Config{})
}
