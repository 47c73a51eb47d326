package app.veritext.mobile;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
