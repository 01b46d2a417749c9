#pragma once
constexpr int Offset = 100;
