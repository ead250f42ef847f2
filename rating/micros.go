package rating

import "strconv"

// Micros is an amount of rating points in integer millionths of a point. Ratings, antes
// and awards are all kept in Micros so that a season of games never accumulates rounding
// error (CONTRACT section 3).
type Micros int64

// PerPoint is one rating point in Micros.
const PerPoint Micros = 1_000_000

// ArmadaPot is the 420 points an ARMADA game's points always make up (seed section 2.1:
// 420 is the least common multiple of 1 through 7), and so the pot of every ARMADA game.
const ArmadaPot Micros = 420 * PerPoint

// SeatStake is what one seat stakes in the pot of any other game: the pot is 60 a seat,
// P = 60 × n (CONTRACT section 3), so a 7-seat game is exactly the seed's 420 and every
// table size stakes what an ARMADA seat stakes.
const SeatStake Micros = ArmadaPot / 7

// AnteAdjustment is the 210 points added to every rating in the ante formula (seed section
// 3.2: "one-half pot-worth of points"), and so the floor: a player's stake is what they
// hold above −210 ([Stake]). It stays 210 a seat whatever the table size, so the seed's
// floor at −210 holds for games of every size (CONTRACT section 3).
const AnteAdjustment Micros = ArmadaPot / 2

// String returns m in points as an exact decimal string: "12.5", "60",
// "60.000001", "-0.25". It is built from the integer alone, never through a float.
func (m Micros) String() string {
	return string(m.AppendPoints(nil))
}

// AppendPoints appends m in points, formatted as String does, to b.
func (m Micros) AppendPoints(b []byte) []byte {
	// uint64 holds the magnitude of every int64, including the most negative one.
	mag := uint64(m)
	if m < 0 {
		b = append(b, '-')
		mag = -mag
	}
	b = strconv.AppendUint(b, mag/uint64(PerPoint), 10)
	frac := mag % uint64(PerPoint)
	if frac == 0 {
		return b
	}
	digits := [6]byte{}
	for i := 5; i >= 0; i-- {
		digits[i] = byte('0' + frac%10)
		frac /= 10
	}
	end := 6
	for digits[end-1] == '0' {
		end--
	}
	b = append(b, '.')
	return append(b, digits[:end]...)
}

// MarshalJSON renders m as a JSON number in points, exact to the millionth.
func (m Micros) MarshalJSON() ([]byte, error) {
	return m.AppendPoints(nil), nil
}
