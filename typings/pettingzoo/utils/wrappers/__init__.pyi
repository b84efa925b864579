from typing import TypeVar

from pettingzoo import AECEnv

AgentID = TypeVar("AgentID")
ObsType = TypeVar("ObsType")
ActionType = TypeVar("ActionType")

class BaseWrapper(AECEnv[AgentID, ObsType, ActionType]):
    env: AECEnv[AgentID, ObsType, ActionType]
    def __init__(self, env: AECEnv[AgentID, ObsType, ActionType]) -> None: ...

class AssertOutOfBoundsWrapper(BaseWrapper[AgentID, ObsType, ActionType]): ...
class OrderEnforcingWrapper(BaseWrapper[AgentID, ObsType, ActionType]): ...
