package scheduler

// Floor is the least opponent spread (max c(a,b) − min c(a,b)) a schedule of some
// shape can have, as far as it is known, and why.
type Floor struct {
	Spread int    `json:"spread"`
	Reason string `json:"reason"`
}

// Reasons a floor holds.
const (
	// FloorArithmetic: the pair meetings cannot be shared out equally among all pairs
	// (1), or can (0).
	FloorArithmetic = "arithmetic"
	// FloorParity: two tables a round and nobody sitting out; see twoTableFloor.
	FloorParity = "parity"
	// FloorSymmetric: spread 0 would be a symmetric design, whose games all meet.
	FloorSymmetric = "symmetric design"
	// FloorExhaustive: an exhaustive search over every schedule of the shape.
	FloorExhaustive = "exhaustive search"
	// FloorCounting: players who shared a table share tables again; see
	// repeatedMeetings.
	FloorCounting = "counting"
)

// SpreadFloor is the least opponent spread a schedule of opts can reach, as far as it
// is known: the arithmetic lower bound, raised where a proof or an exhaustive search
// shows it out of reach (only rounds of several tables are ever raised). Build aims at
// it. A schedule above the floor may still be optimal (the gap is then unknown).
func SpreadFloor(opts Options) (Floor, error) {
	p, err := newPlan(opts)
	if err != nil {
		return Floor{}, err
	}
	return p.spreadFloor(), nil
}

// spreadFloor is SpreadFloor for a valid plan: the highest of the bounds that apply,
// named after the first argument that reaches it.
func (p plan) spreadFloor() Floor {
	f := Floor{Spread: p.spreadLowerBound, Reason: FloorArithmetic}
	if !p.rounds || p.perRound < 2 {
		return f
	}
	raise := func(spread int, reason string) {
		if spread > f.Spread {
			f = Floor{Spread: spread, Reason: reason}
		}
	}
	if p.n == 2*p.k && !twoTableSpreadFits(p) {
		raise(2, FloorParity)
	}
	if p.spreadLowerBound == 0 && p.games == p.n {
		// Spread 0 is a 2-(n,k,λ) design with as many games as players: a symmetric
		// design, in which every two games share λ ≥ 1 players, so no round could
		// hold two of them. Spread 1 cannot occur with λ whole, so 2 is the floor.
		raise(2, FloorSymmetric)
	}
	raise(p.countingFloor(), FloorCounting)
	if s, ok := exhaustiveFloors[[3]int{p.n, p.k, p.r}]; ok {
		raise(s, FloorExhaustive)
	}
	return f
}

// countingFloor is the least spread s for which some range of counts lo..lo+s can hold
// the schedule's meetings and at least repeatedMeetings repeats: Σ C(c,2) over pairs,
// C(c,2) being convex, is greatest with as many counts as the total allows at the two
// ends of the range (sharedPairsAtMost), and a range where even that falls short of
// the repeats the rounds force is out of reach. For spread 1 this is the even counts q
// and q+1. For 16 players at two tables of 8 for 8 rounds, no range of width 2 holds
// the 672 repeats, so the floor is 3.
func (p plan) countingFloor() int {
	pairs := p.n * (p.n - 1) / 2
	total := p.games * p.k * (p.k - 1) / 2
	repeats := p.repeatedMeetings()
	for s := 0; ; s++ {
		for lo := max(0, total/pairs-s); lo <= total/pairs; lo++ {
			if shared, ok := sharedPairsAtMost(pairs, total, lo, lo+s); ok && shared >= repeats {
				return s
			}
		}
	}
}

// sharedPairsAtMost is the greatest Σ C(c,2) over pairs for meeting counts c in lo..hi
// summing to total, and false when no such counts sum to total.
func sharedPairsAtMost(pairs, total, lo, hi int) (int, bool) {
	if total < lo*pairs || total > hi*pairs {
		return 0, false
	}
	c2 := func(c int) int { return c * (c - 1) / 2 }
	if hi == lo {
		return pairs * c2(lo), true
	}
	extra := total - lo*pairs
	top, rest := extra/(hi-lo), extra%(hi-lo)
	sum := top*c2(hi) + (pairs-top)*c2(lo)
	if rest > 0 {
		sum += c2(lo+rest) - c2(lo)
	}
	return sum, true
}

// repeatedMeetings is a lower bound on Σ C(c(a,b), 2) over pairs, the number of
// (pair, two rounds) in which the pair shares a table both times, by the pigeonhole
// principle: of the k players of a table of one round, at least k minus the number
// sitting out play in another round, at t tables, so some of them share a table again
// (m players at t tables: at least b·C(a+1,2) + (t−b)·C(a,2) pairs, m = a·t + b).
// Each such pair and two rounds is counted once, from the tables of the earlier round.
// For 12 players at three tables of 4 for 4 rounds: every two rounds repeat at least
// 3 pairs, 18 in all, while counts 1 and 2 (6 pairs meeting twice) give 6, so spread 1
// is out of reach, and with spread 2 (counts 0..2) at least 12 pairs never meet.
func (p plan) repeatedMeetings() int {
	tables := func(rd int) int { return min(p.perRound, p.games-rd*p.perRound) }
	bound := 0
	for r1 := range p.numRounds {
		for r2 := r1 + 1; r2 < p.numRounds; r2++ {
			best := 0
			for _, side := range [2][2]int{{r1, r2}, {r2, r1}} {
				t, other := tables(side[0]), tables(side[1])
				m := max(0, p.k-(p.n-other*p.k)) // of one table, playing in the other round
				a, b := m/other, m%other
				best = max(best, t*(b*(a+1)*a/2+(other-b)*a*(a-1)/2))
			}
			bound += best
		}
	}
	return bound
}

// twoTableSpreadFits reports whether the arithmetic lower bound passes the parity test
// of 2k players at two tables of k every round, nobody sitting out, for r rounds.
//
// In every round any three players are either at one table (three pairs meet) or two
// and one (one pair meets): an odd number of their pairs meet. So c(a,b) + c(b,c) +
// c(a,c) ≡ r (mod 2) for every three players, and the pairs meeting an odd number of
// times form a complete bipartite graph between two sides S and T (r even) or its
// complement, two cliques on S and T (r odd); either may be empty. Spread at most 1
// means counts q and q+1, one of each parity, and every player meets
// d = r(k−1) − q(n−1) others q+1 times (its meetings sum to r(k−1)). The pairs meeting
// q+1 times are then a complete bipartite graph (q+1 ≡ r + 1: d = 0 or d = n/2, both
// sides equal) or two cliques (q+1 ≡ r: d = n/2 − 1 or d = n − 1). Any other d forces
// spread 2 or more. For 8 players at two tables of 4 for 16 rounds (the seed's table),
// q = 6 and d = 6: spread 1 is infeasible, as the seed's k = 4 in rounds shows.
func twoTableSpreadFits(p plan) bool {
	pairs := p.n * (p.n - 1) / 2
	total := p.games * p.k * (p.k - 1) / 2
	q := total / pairs
	d := p.r*(p.k-1) - q*(p.n-1)
	if (q+1)%2 != p.r%2 {
		return d == 0 || d == p.n/2
	}
	return d == p.n/2-1 || d == p.n-1
}

// exhaustiveFloors are floors established by an exhaustive search (players, per game,
// games per player -> least spread), re-proved by TestExhaustiveFloors and
// BenchmarkSweepExhaustiveFloors: with two tables a round and nobody sitting out, every
// player is the list of its tables round by round, and no 2k such lists with player 1
// always at the first table and every round split k and k have all their meeting counts
// within a window of width spread − 1.
// (14 players at two tables of 7 cannot go below 3 either; counting shows it.)
var exhaustiveFloors = map[[3]int]int{
	{10, 5, 5}: 3,
}
