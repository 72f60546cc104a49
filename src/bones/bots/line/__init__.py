"""The line family's players (levels in ``players``), their beliefs, searches and exact solver."""
