include $(sort $(wildcard $(BR2_EXTERNAL_EGM_PATH)/package/*/*.mk))
