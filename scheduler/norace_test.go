//go:build !race

package scheduler

// raceDetector is true when the tests run under -race, which makes the builds about
// ten times slower; the sweeps then take a fixed subset of their cases.
const raceDetector = false
