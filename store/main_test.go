package store_test

import (
	"os"
	"testing"

	"github.com/tablestakes/tablestakes/storetest"
)

// TestMain runs the package's tests, dropping the databases of those that pass in the
// background (storetest.Main).
func TestMain(m *testing.M) {
	os.Exit(storetest.Main(m))
}
