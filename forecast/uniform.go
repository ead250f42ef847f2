package forecast

// Uniform gives every seat the same chance, 1/n: the yardstick a model must beat.
type Uniform struct{}

// Name is "uniform".
func (Uniform) Name() string { return "uniform" }

// Chances gives each seat 1/n.
func (Uniform) Chances(t Table, win []float64) {
	for i := range win {
		win[i] = 1 / float64(len(win))
	}
}

// Learn learns nothing.
func (Uniform) Learn(Table, Result) {}
