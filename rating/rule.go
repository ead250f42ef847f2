package rating

// PotRule is the rating rule every ladder follows once migrated (ladders.pot_rule): 3, the
// floor that holds at every table size (CONTRACT section 3, round 3: stake_i =
// max(0, R_i + 210), the table plays for min(P, S), ante_i = pot × stake_i / S). Rule 1
// was a fixed 420 pot; rule 2 the pot of 60 a seat with ARMADA's 420 and the seed's ante
// P × (R_i + 210) / (Σ_j R_j + 210 n), which broke the floor on small tables.
const PotRule = 3

// vortexPlacesRule is the first rule whose ladders store Vortex places by score.
const vortexPlacesRule = 2

// Upgrade is what bringing a ladder stored under an older rule up to PotRule takes.
type Upgrade struct {
	// Replay rebuilds the whole ledger in recorded order, from the stored league points.
	Replay bool
	// VortexPlaces rescores the ladder's Vortex results to store their places by score
	// (CONTRACT section 1 changed; they were by points), before the replay.
	VortexPlaces bool
}

// UpgradeFrom says what a ladder stored under rule needs to follow PotRule: nothing once it
// does, a replay of its ledger before, and its Vortex places first before rule 2.
func UpgradeFrom(rule int) Upgrade {
	return Upgrade{Replay: rule < PotRule, VortexPlaces: rule < vortexPlacesRule}
}
