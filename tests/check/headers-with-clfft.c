/* The engine's public headers and AMD's clFFT.h in one file: a program
 * that uses both builds, since no name of one is a name of the other. */
#include <clFFT.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-fft.h"
#include "engine/clfft-filter2d.h"
#include "engine/clfft-host-buffer.h"
#include "engine/clfft-spectrum.h"

int
main (void)
{
  /* both directions, one of each library */
  const ClfftDirection ours = CLFFT_DIRECTION_FORWARD;
  const clfftDirection theirs = CLFFT_FORWARD;

  return ours == -1 && theirs != CLFFT_BACKWARD ? 0 : 1;
}
