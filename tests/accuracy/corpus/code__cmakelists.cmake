cmake_minimum_required(VERSION 3.20)
project(geo LANGUAGES CXX)

set(CMAKE_CXX_STANDARD 17)

add_library(geo src/polygon.cpp)
target_include_directories(geo PUBLIC include)

add_executable(geo_cli src/main.cpp)
target_link_libraries(geo_cli PRIVATE geo)
