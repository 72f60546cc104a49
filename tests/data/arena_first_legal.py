"""An outside player for bones arena's JSON-lines protocol: always the first legal move."""

import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"move": request["observation"]["legal_moves"][0]}), flush=True)
