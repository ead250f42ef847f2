package service_test

import (
	"testing"

	"github.com/tablestakes/tablestakes/storetest"
)

// world is a test database with an organiser and nine players (storetest.World), for the
// results tests' own helpers.
type world struct{ *storetest.World }

func newWorld(t testing.TB) *world { return &world{storetest.NewWorld(t)} }
